export type { Delivery } from './channels.ts'
export type { Relay, RelayOptions } from './relay.ts'
export { createRelay, MAX_MESSAGE_BYTES, startRelay } from './relay.ts'
