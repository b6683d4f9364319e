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
// An NFT campaign's template, checked on chain when the campaign is created.
export const AdminNftInvalid = fieldError(
  'ADMIN_NFT_INVALID',
  'The NFT must be a collection and a template id, e.g. "fernwoodnfts:3", given instead of a reward.',
  400,
  'nft',
)
export const AdminNftTemplateUnknown = fieldError(
  'ADMIN_NFT_TEMPLATE_UNKNOWN',
  'The collection has no such template on chain.',
  400,
  'nft',
)
export const AdminNftNotMinter = fieldError(
  'ADMIN_NFT_NOT_MINTER',
  'The payout account is not one of the collection’s authorized accounts, so it cannot mint this template.',
  400,
  'nft',
)
export const AdminNftSchemaUntied = fieldError(
  'ADMIN_NFT_SCHEMA_UNTIED',
  'The template’s schema has no “reward” string attribute, which ties each mint to its reward: add it with extendschema.',
  400,
  'nft',
)
// The chain did not answer a read a campaign's creation or preview needs: nothing was created.
export const AdminChainUnavailable = createError(
  'ADMIN_CHAIN_UNAVAILABLE',
  'The blockchain did not answer, so the NFT could not be checked. Nothing was created; try again in a moment.',
  503,
)
// An NFT pool: a template whose assets the payout account holds, one sent per claim.
export const AdminNftPoolInvalid = fieldError(
  'ADMIN_NFT_POOL_INVALID',
  'The NFT pool must be a collection and a template id, e.g. "fernwoodnfts:2", given instead of a reward or an NFT to mint.',
  400,
  'nftPool',
)
export const AdminNftPoolTemplateUnknown = fieldError(
  'ADMIN_NFT_POOL_TEMPLATE_UNKNOWN',
  'The collection has no such template on chain.',
  400,
  'nftPool',
)
export const AdminNftPoolEmpty = fieldError(
  'ADMIN_NFT_POOL_EMPTY',
  'The payout account holds no asset of this template to hand out: send it some first.',
  409,
  'nftPool',
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
export const AdminBudgetInvalid = fieldError(
  'ADMIN_BUDGET_INVALID',
  'The budget must be an amount of the reward’s token, e.g. "2500.0000 FERN", or a number of rewards of at least 1.',
  400,
  'budget',
)
export const AdminBudgetNotWholeRewards = fieldError(
  'ADMIN_BUDGET_NOT_WHOLE_REWARDS',
  'The budget must pay a whole number of rewards of %s.',
  400,
  'budget',
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
// Editing a campaign (campaigns/edits.ts).
export const AdminEditEmpty = createError(
  'ADMIN_EDIT_EMPTY',
  'Nothing to change: give a new start, end, cap or rule, or reopen the campaign.',
  400,
)
export const AdminCampaignWelcomeEdit = createError(
  'ADMIN_CAMPAIGN_WELCOME_EDIT',
  'The welcome campaign cannot be edited: every first visit claims its code.',
  409,
)
export const AdminCapBelowClaimed = fieldError(
  'ADMIN_CAP_BELOW_CLAIMED',
  'The cap cannot be below the %s rewards claimed already.',
  400,
  'cap',
)
// A new campaign's rules (campaigns/rules.ts): who may claim, and how often per wallet.
export const AdminRulesInvalid = fieldError(
  'ADMIN_RULES_INVALID',
  'The rules must be an "all" or "any" group of conditions and groups, nested 3 groups deep and holding 20 conditions at most, each written as the API describes, and an allowlist condition needs the allowlist’s accounts (%s).',
  400,
  'rules',
)
export const AdminAllowlistInvalid = fieldError(
  'ADMIN_ALLOWLIST_INVALID',
  'The allowlist must hold 1 to 100,000 WAX account names, one a line or in an "account" column (%s).',
  400,
  'allowlist',
)
export const AdminMinBalanceInvalid = fieldError(
  'ADMIN_MIN_BALANCE_INVALID',
  'The minimum balance must be an amount, a token and its contract, e.g. "100.0000 FERN@fern.token".',
  400,
  'minBalance',
)
export const AdminHoldsNftInvalid = fieldError(
  'ADMIN_HOLDS_NFT_INVALID',
  'The NFT must be a collection name, optionally with a template id, e.g. "fernwoodnfts:1".',
  400,
  'holdsNft',
)
export const AdminAccountAgeInvalid = fieldError(
  'ADMIN_ACCOUNT_AGE_INVALID',
  'The minimum account age must be a whole number of days from 1 to 36500.',
  400,
  'minAccountAgeDays',
)
export const AdminGroupInvalid = fieldError(
  'ADMIN_GROUP_INVALID',
  'The group must be 1 to 64 lowercase letters, digits or hyphens, and a new group needs a per-wallet limit.',
  400,
  'group',
)
export const AdminPerWalletInvalid = fieldError(
  'ADMIN_PER_WALLET_INVALID',
  'The per-wallet limit must be claims per period, e.g. "1/day" (hour, day or week; 1 to 1000), with a group.',
  400,
  'perWallet',
)
// A campaign's fair-claim settings (campaigns/fairness-settings.ts).
export const AdminGrantsPerAccountInvalid = fieldError(
  'ADMIN_GRANTS_PER_ACCOUNT_INVALID',
  'The grants per account must be a whole number of at least 1, or unlimited (null).',
  400,
  'grantsPerAccount',
)
export const AdminOncePerAssetInvalid = fieldError(
  'ADMIN_ONCE_PER_ASSET_INVALID',
  'One claim per NFT needs rules no wallet meets without holding an NFT they ask for: it counts those NFTs.',
  400,
  'oncePerAsset',
)
export const AdminCheckUrlRefused = fieldError(
  'ADMIN_CHECK_URL_REFUSED',
  'The check URL is refused: %s.',
  400,
  'checkUrl',
)
export const AdminPayoutDelayInvalid = fieldError(
  'ADMIN_PAYOUT_DELAY_INVALID',
  'The review window must be a whole number of seconds from 0 to 30 days.',
  400,
  'payoutDelay',
)
// Kiosk credentials (campaigns/kiosk-credentials.ts).
export const AdminKioskHoursInvalid = fieldError(
  'ADMIN_KIOSK_HOURS_INVALID',
  'A kiosk credential holds for a whole number of hours from 1 to %s.',
  400,
  'hours',
)
export const AdminKioskCredentialNotFound = createError(
  'ADMIN_KIOSK_CREDENTIAL_NOT_FOUND',
  'No kiosk credential %s is in force: it was revoked, it expired, or it was never issued.',
  404,
)
// The kiosk tablet's own routes (kiosk-routes.ts), which no operator's session opens either.
export const KioskCredentialInvalid = createError(
  'KIOSK_CREDENTIAL_INVALID',
  'This kiosk link is not valid: it was revoked, it expired, or it was never issued. Ask an operator for a new one.',
  401,
)
