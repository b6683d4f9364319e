import createError from '@fastify/error'

// The spec's exact messages for refused codes, and our own for limits it leaves unsaid.
export const CodeInvalid = createError(
  'CODE_INVALID',
  'Please connect your wallet and enter a valid code.',
  400,
)
export const CodeDuplicate = createError(
  'CODE_DUPLICATE',
  'This wallet has already used or submitted this code.',
  409,
)
export const CodesRateLimited = createError(
  'CODES_RATE_LIMITED',
  'Too many codes submitted. Try again in %s.',
  429,
)
export const CodeLockedOut = createError(
  'CODE_LOCKED_OUT',
  'Too many invalid codes. Try again in %s.',
  429,
)
export const RewardNotDismissible = createError(
  'REWARD_NOT_DISMISSIBLE',
  'Only a rejected code of your wallet can be dismissed.',
  404,
)
// A claim link's preview: unknown and used-up codes alike, so the answer confirms no guess.
export const ClaimNotFound = createError(
  'CLAIM_NOT_FOUND',
  'There is no reward to claim with this code.',
  404,
)
// A campaign's chain rules could not be read for the wallet: not a refusal, the claim may be
// sent again (nothing was recorded).
export const EligibilityUnavailable = createError(
  'ELIGIBILITY_UNAVAILABLE',
  'The blockchain could not be reached to check this reward’s rules. Please try again in a moment.',
  503,
)
// A campaign's own check URL gave no usable answer in time (fairness/operator-check.ts): never
// a yes, and not the visitor's refusal either; nothing was recorded, the claim may be sent again.
export const OperatorCheckUnavailable = createError(
  'OPERATOR_CHECK_UNAVAILABLE',
  'The organiser of this reward could not be reached to check this claim. Please try again in a moment.',
  503,
)
