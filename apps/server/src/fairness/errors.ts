import createError from '@fastify/error'

// The human check's refusals (human-check.ts). A client answers the first by solving a challenge
// (POST /api/claims/challenge) and sending the claim again with its solution; the others by
// doing so once more with a fresh challenge. Nothing was recorded in any of them.
export const HumanCheckRequired = createError(
  'HUMAN_CHECK_REQUIRED',
  'This claim needs a quick check by your browser. Please try again.',
  403,
)
/** Tampered with, not solved, or bound to another session or code. */
export const HumanCheckInvalid = createError(
  'HUMAN_CHECK_INVALID',
  'The browser check did not pass. Please try again.',
  403,
)
export const HumanCheckExpired = createError(
  'HUMAN_CHECK_EXPIRED',
  'The browser check took too long and expired. Please try again.',
  403,
)
export const HumanCheckReplayed = createError(
  'HUMAN_CHECK_REPLAYED',
  'This browser check was used already. Please try again.',
  403,
)
