import createError from '@fastify/error'
import type { AdminField } from '@fernwood/protocol/admin'

/**
 * A refusal that concerns one property of the request's body: the error body names it as
 * `field`, so the console shows the message beside that field of its form.
 */
function fieldError(code: string, message: string, statusCode: number, field: AdminField) {
  return class extends createError(code, message, statusCode) {
    readonly field = field
  }
}

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
  'This wallet is not one of the operators’ accounts.',
  403,
)

// What the operations refuse, for the CLI and the console alike (the CLI prints the message).
export const AdminSlugInvalid = fieldError(
  'ADMIN_SLUG_INVALID',
  'The slug must be 1 to 64 lowercase letters, digits or hyphens.',
  400,
  'slug',
)
export const AdminSlugTaken = fieldError(
  'ADMIN_SLUG_TAKEN',
  'There is already a campaign %s.',
  409,
  'slug',
)
export const AdminNameInvalid = fieldError(
  'ADMIN_NAME_INVALID',
  'The name must be 1 to 120 characters.',
  400,
  'name',
)
export const AdminRewardInvalid = fieldError(
  'ADMIN_REWARD_INVALID',
  'The reward must be an amount and a token, e.g. "10.0000 FERN".',
  400,
  'reward',
)
export const AdminContractInvalid = fieldError(
  'ADMIN_CONTRACT_INVALID',
  'The token contract must be a WAX account name.',
  400,
  'contract',
)
/** The start or the end (`field`) is not an ISO time. */
export class AdminTimeInvalid extends createError(
  'ADMIN_TIME_INVALID',
  'The start and the end must be ISO times, e.g. 2026-12-01T09:00:00Z.',
  400,
) {
  constructor(readonly field: 'startsAt' | 'endsAt' = 'startsAt') {
    super()
  }
}
export const AdminWindowInvalid = fieldError(
  'ADMIN_WINDOW_INVALID',
  'The campaign must end after it starts.',
  400,
  'endsAt',
)
export const AdminCapInvalid = fieldError(
  'ADMIN_CAP_INVALID',
  'The cap must be a whole number of at least 1.',
  400,
  'cap',
)
export const AdminCodeInvalid = fieldError(
  'ADMIN_CODE_INVALID',
  'The code is not a valid code.',
  400,
  'code',
)
export const AdminUniqueCodeGiven = fieldError(
  'ADMIN_UNIQUE_CODE_GIVEN',
  'Unique campaigns get their codes from code generation, not a code of their own.',
  400,
  'code',
)
export const AdminCodeTaken = fieldError(
  'ADMIN_CODE_TAKEN',
  'The code %s belongs to another campaign.',
  409,
  'code',
)
export const AdminCampaignNotFound = createError(
  'ADMIN_CAMPAIGN_NOT_FOUND',
  'There is no campaign %s.',
  404,
)
// Closing and reopening: the welcome code is every visitor's first claim (the spec's first visit
// ends on its 'Claim Complete!'), so no operator's click may switch it off.
export const AdminCampaignWelcome = createError(
  'ADMIN_CAMPAIGN_WELCOME',
  'The welcome campaign cannot be closed: every first visit claims its code.',
  409,
)
export const AdminCampaignClosed = createError(
  'ADMIN_CAMPAIGN_CLOSED',
  'Campaign %s is closed already.',
  409,
)
export const AdminCampaignNotClosed = createError(
  'ADMIN_CAMPAIGN_NOT_CLOSED',
  'Campaign %s is not closed: there is nothing to reopen.',
  409,
)
export const AdminCampaignWindowOver = createError(
  'ADMIN_CAMPAIGN_WINDOW_OVER',
  'Campaign %s ended at %s: reopened, it would still refuse every code, so it stays closed.',
  409,
)
export const AdminCampaignShared = createError(
  'ADMIN_CAMPAIGN_SHARED',
  '%s is a shared campaign: it has one code.',
  409,
)
export const AdminCodeCountInvalid = fieldError(
  'ADMIN_CODE_COUNT_INVALID',
  'The count must be a whole number from 1 to %s.',
  400,
  'count',
)
export const AdminRewardNotWaiting = createError(
  'ADMIN_REWARD_NOT_WAITING',
  'No reward %s is waiting to be paid.',
  404,
)
export const AdminGenerationsBusy = createError(
  'ADMIN_GENERATIONS_BUSY',
  '%s code generations are running already: start this one when one of them is done.',
  429,
)
export const AdminGenerationNotFound = createError(
  'ADMIN_GENERATION_NOT_FOUND',
  'There is no code generation %s.',
  404,
)
export const AdminGenerationRunning = createError(
  'ADMIN_GENERATION_RUNNING',
  'Code generation %s is still running: download its codes when it is done.',
  409,
)
