export type {
  Approval,
  DevAnchorOptions,
  LinkSession,
  RequestSummary,
} from './dev-anchor.ts'
export { DECLINED_PAYLOAD, DevAnchor } from './dev-anchor.ts'
export type { LinkChannel, LinkChannelOptions, LinkEvent } from './link-channel.ts'
export { listenOnLinkChannel, openSealedMessage } from './link-channel.ts'
export type { DevAnchorPageOptions } from './page/page-routes.ts'
export { devAnchorPage } from './page/page-routes.ts'
