export type { Delivery } from './channels.ts'
export {
  BUFFERED_MESSAGE_COST_BYTES,
  CHANNEL_COST_BYTES,
  WAITING_SENDER_COST_BYTES,
} from './memory-costs.ts'
export type { Relay, RelayOptions } from './relay.ts'
export { createRelay, MAX_MESSAGE_BYTES, startRelay } from './relay.ts'
