import { campaignRules, claimRuleFields, type NewCampaignRequest } from '@fernwood/protocol/admin'
import { normalizeCode } from '@fernwood/protocol/codes'
import type { ConsoleTexts } from '../texts/en'

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
const campaignFields: readonly CampaignField[] = [
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

export const inputOf = (form: HTMLFormElement, name: string) =>
  form.elements.namedItem(name) as HTMLInputElement | null

/** A form's values as it holds them now: a field it does not show is empty. */
export const valuesOf = (form: HTMLFormElement): DraftValues => ({
  value: (name) => inputOf(form, name)?.value.trim() ?? '',
  incomplete: (name) => inputOf(form, name)?.validity.badInput ?? false,
})

/** Puts the operator on the first field to fix, where its reason is read out. */
export function focusFirst(form: HTMLFormElement, mistakes: FieldErrors) {
  const first = campaignFields.find((name) => mistakes[name] && inputOf(form, name))
  if (first) inputOf(form, first)?.focus()
}

/** A `datetime-local` value (the operator's own clock) as the instant the API takes. */
export const isoOf = (local: string) => new Date(local).toISOString()

/** An instant as a `datetime-local` value on the operator's own clock; empty for none. */
export function localInputOf(time: string | null): string {
  if (!time) return ''
  const instant = new Date(time)
  return new Date(instant.getTime() - instant.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16)
}

/** A cap, when given, is a whole number of claims, at least 1. */
const capIsValid = (cap: string) => cap === '' || (/^[0-9]+$/.test(cap) && Number(cap) >= 1)

/**
 * The mistakes a new campaign and an edit tell alike, each beside its field: a date typed in part,
 * an end not after the start, a cap or an account age that is not a whole number.
 */
function sharedMistakesOf({ value, incomplete }: DraftValues, texts: ConsoleTexts): FieldErrors {
  const mistakes: FieldErrors = {}
  for (const time of ['startsAt', 'endsAt'] as const) {
    if (incomplete(time)) mistakes[time] = texts.incompleteTime
  }
  const [start, end] = [value('startsAt'), value('endsAt')]
  if (!mistakes.endsAt && start && end && Date.parse(isoOf(end)) <= Date.parse(isoOf(start))) {
    mistakes.endsAt = texts.errors.ADMIN_WINDOW_INVALID
  }
  if (!capIsValid(value('cap'))) mistakes.cap = texts.errors.ADMIN_CAP_INVALID
  const days = value('minAccountAgeDays')
  if (days !== '' && !/^[0-9]+$/.test(days)) {
    mistakes.minAccountAgeDays = texts.errors.ADMIN_ACCOUNT_AGE_INVALID
  }
  return mistakes
}

/**
 * Every mistake the form can tell before sending, each by its field and in the server's words
 * (the same rules, from the protocol): the operator sees them all at once, not one per attempt.
 */
export function mistakesOf(
  values: DraftValues,
  payment: Payment,
  texts: ConsoleTexts,
): FieldErrors {
  const { value } = values
  const mistakes = sharedMistakesOf(values, texts)
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
  const budget = value('budget')
  if (budget !== '' && !(/^[0-9]+$/.test(budget) || campaignRules.reward.test(budget))) {
    mistakes.budget = texts.errors.ADMIN_BUDGET_INVALID
  }
  if (value('code') !== '' && !normalizeCode(value('code'))) {
    mistakes.code = texts.errors.ADMIN_CODE_INVALID
  }
  return mistakes
}

/** Every mistake an edit can tell before sending: a new campaign's, and a cap below the claims. */
export function editMistakesOf(values: DraftValues, claimed: number, texts: ConsoleTexts) {
  const mistakes = sharedMistakesOf(values, texts)
  const cap = values.value('cap')
  if (!mistakes.cap && cap !== '' && Number(cap) < claimed) {
    mistakes.cap = texts.capBelowClaimed(claimed)
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
    // A number of days the server refuses (out of range) comes back beside the field.
    ...(age && { minAccountAgeDays: Number(age) }),
    ...(value('group') && { group: value('group') }),
    ...(value('perWallet') && { perWallet: value('perWallet') }),
  }
}
