import createError from '@fastify/error'

// Why a live stream (a visitor's feed, an operator's overview) was not opened, for both kinds
// (see http/sse.ts). EventSource shows none of this; clients and logs do.
export const StreamsPerSessionExceeded = createError(
  'LIVE_STREAMS_PER_SESSION',
  'This session already has %s live streams open. Close one to open another.',
  429,
)
export const StreamsPerAddressExceeded = createError(
  'LIVE_STREAMS_PER_ADDRESS',
  'This address already has %s live streams open. Close one to open another.',
  429,
)
/** Rendered by `http/sse.ts` itself: the error handler treats every 5xx as our own fault. */
export const STREAMS_AT_CAPACITY = {
  code: 'LIVE_STREAMS_AT_CAPACITY',
  message: 'The live feed is full right now. Try again shortly.',
}
