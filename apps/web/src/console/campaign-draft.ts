import { campaignRules, claimRuleFields, type NewCampaignRequest } from '@fernwood/protocol/admin'
import { normalizeCode } from '@fernwood/protocol/codes'
import type { ConsoleTexts } from './texts'

export type CampaignField = Exclude<keyof NewCampaignRequest, 'kind'>
export type FieldErrors = Partial<Record<CampaignField, string>>

/**
 * What each claim of a new campaign pays, named by the one request property that holds it: a
 * token amount (`reward`), a new asset minted from a template (`nft`), or one of the template's
 * assets the payout account holds (`nftPool`).
 */
export type Payment = 'reward' | 'nft' | 'nftPool'
export const payments: readonly Payment[] = ['reward', 'nft', 'nftPool']

/** The form's fields in the order it shows them: the first one refused gets the focus. */
export const campaignFields: readonly CampaignField[] = [
  'slug',
  'name',
  ...payments,
  'contract',
  'startsAt',
  'endsAt',
  'cap',
  'budget',
  'code',
  ...claimRuleFields,
]

export const isCampaignField = (name: string | undefined): name is CampaignField =>
  campaignFields.includes(name as CampaignField)

/** What the form holds: each field's value, trimmed ('' for a field not shown). */
export interface DraftValues {
  value(name: CampaignField): string
  /** A date typed in part leaves its input's value empty: only the input can tell. */
  incomplete(name: 'startsAt' | 'endsAt'): boolean
}

/** A `datetime-local` value (the operator's own clock) as the instant the API takes. */
const isoOf = (local: string) => new Date(local).toISOString()

/**
 * Every mistake the form can tell before sending, each by its field and in the server's words
 * (the same rules, from the protocol): the operator sees them all at once, not one per attempt.
 */
export function mistakesOf(
  { value, incomplete }: DraftValues,
  payment: Payment,
  texts: ConsoleTexts,
): FieldErrors {
  const mistakes: FieldErrors = {}
  if (!campaignRules.slug.test(value('slug'))) mistakes.slug = texts.errors.ADMIN_SLUG_INVALID
  if (value('name') === '' || value('name').length > campaignRules.nameMaxLength) {
    mistakes.name = texts.errors.ADMIN_NAME_INVALID
  }
  if (payment === 'reward') {
    if (!campaignRules.reward.test(value('reward'))) {
      mistakes.reward = texts.errors.ADMIN_REWARD_INVALID
    }
  } else if (!campaignRules.nft.test(value(payment))) {
    // A pool names its template as a mint does, in words of its own.
    mistakes[payment] =
      payment === 'nft' ? texts.errors.ADMIN_NFT_INVALID : texts.errors.ADMIN_NFT_POOL_INVALID
  }
  if (value('contract') !== '' && !campaignRules.contract.test(value('contract'))) {
    mistakes.contract = texts.errors.ADMIN_CONTRACT_INVALID
  }
  for (const time of ['startsAt', 'endsAt'] as const) {
    if (incomplete(time)) mistakes[time] = texts.incompleteTime
  }
  const [start, end] = [value('startsAt'), value('endsAt')]
  if (!mistakes.endsAt && start && end && Date.parse(isoOf(end)) <= Date.parse(isoOf(start))) {
    mistakes.endsAt = texts.errors.ADMIN_WINDOW_INVALID
  }
  const cap = value('cap')
  if (cap !== '' && !(/^[0-9]+$/.test(cap) && Number(cap) >= 1)) {
    mistakes.cap = texts.errors.ADMIN_CAP_INVALID
  }
  const budget = value('budget')
  if (budget !== '' && !(/^[0-9]+$/.test(budget) || campaignRules.reward.test(budget))) {
    mistakes.budget = texts.errors.ADMIN_BUDGET_INVALID
  }
  if (value('code') !== '' && !normalizeCode(value('code'))) {
    mistakes.code = texts.errors.ADMIN_CODE_INVALID
  }
  return mistakes
}

/**
 * The request a form free of mistakes sends: only what the operator gave, and what a claim
 * pays by the one property of its payment. The allowlist goes as its file's text, which the
 * server reads as the CLI reads the file.
 */
export function draftOf(
  { value }: DraftValues,
  kind: NewCampaignRequest['kind'],
  payment: Payment,
  allowlist: string | undefined,
): NewCampaignRequest {
  const age = value('minAccountAgeDays')
  return {
    slug: value('slug'),
    name: value('name'),
    kind,
    [payment]: value(payment),
    ...(value('contract') && { contract: value('contract') }),
    ...(value('startsAt') && { startsAt: isoOf(value('startsAt')) }),
    ...(value('endsAt') && { endsAt: isoOf(value('endsAt')) }),
    ...(value('cap') && { cap: Number(value('cap')) }),
    ...(value('budget') && { budget: value('budget') }),
    ...(value('code') && { code: value('code') }),
    ...(allowlist !== undefined && { allowlist }),
    ...(value('minBalance') && { minBalance: value('minBalance') }),
    ...(value('holdsNft') && { holdsNft: value('holdsNft') }),
    // A number the server refuses (not whole, out of range) comes back beside the field.
    ...(age && { minAccountAgeDays: Number(age) }),
    ...(value('group') && { group: value('group') }),
    ...(value('perWallet') && { perWallet: value('perWallet') }),
  }
}
