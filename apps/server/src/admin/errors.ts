import createError from '@fastify/error'

// Who may not use the console. A signed-out caller gets NOT_SIGNED_IN (401); everyone else who
// is not a verified operator gets one of these 403s and no data.
export const AdminWalletRequired = createError(
  'ADMIN_WALLET_REQUIRED',
  'Connect an operator’s WAX wallet to open the console.',
  403,
)
export const AdminWalletUnverified = createError(
  'ADMIN_WALLET_UNVERIFIED',
  'This wallet was connected without a proof of ownership; connect it again to open the console.',
  403,
)
export const AdminNotOperator = createError(
  'ADMIN_NOT_OPERATOR',
  'This wallet is not one of the operators’ accounts (ADMIN_ACCOUNTS).',
  403,
)

// What the operations refuse, for the CLI and the console alike (the CLI prints the message).
export const AdminSlugInvalid = createError(
  'ADMIN_SLUG_INVALID',
  'The slug must be 1 to 64 lowercase letters, digits or hyphens.',
  400,
)
export const AdminSlugTaken = createError(
  'ADMIN_SLUG_TAKEN',
  'There is already a campaign %s.',
  409,
)
export const AdminNameInvalid = createError(
  'ADMIN_NAME_INVALID',
  'The name must be 1 to 120 characters.',
  400,
)
export const AdminRewardInvalid = createError(
  'ADMIN_REWARD_INVALID',
  'The reward must be an amount and a token, e.g. "10.0000 FERN".',
  400,
)
export const AdminContractInvalid = createError(
  'ADMIN_CONTRACT_INVALID',
  'The token contract must be a WAX account name.',
  400,
)
export const AdminTimeInvalid = createError(
  'ADMIN_TIME_INVALID',
  'The start and the end must be ISO times, e.g. 2026-12-01T09:00:00Z.',
  400,
)
export const AdminWindowInvalid = createError(
  'ADMIN_WINDOW_INVALID',
  'The campaign must end after it starts.',
  400,
)
export const AdminCapInvalid = createError(
  'ADMIN_CAP_INVALID',
  'The cap must be a whole number of at least 1.',
  400,
)
export const AdminCodeInvalid = createError(
  'ADMIN_CODE_INVALID',
  'The code is not a valid code.',
  400,
)
export const AdminUniqueCodeGiven = createError(
  'ADMIN_UNIQUE_CODE_GIVEN',
  'Unique campaigns get their codes from code generation, not a code of their own.',
  400,
)
export const AdminCodeTaken = createError(
  'ADMIN_CODE_TAKEN',
  'The code %s belongs to another campaign.',
  409,
)
export const AdminCampaignNotFound = createError(
  'ADMIN_CAMPAIGN_NOT_FOUND',
  'There is no campaign %s.',
  404,
)
export const AdminCampaignShared = createError(
  'ADMIN_CAMPAIGN_SHARED',
  '%s is a shared campaign: it has one code.',
  409,
)
export const AdminCodeCountInvalid = createError(
  'ADMIN_CODE_COUNT_INVALID',
  'The count must be a whole number from 1 to %s.',
  400,
)
export const AdminRewardNotWaiting = createError(
  'ADMIN_REWARD_NOT_WAITING',
  'No reward %s is waiting to be paid.',
  404,
)
