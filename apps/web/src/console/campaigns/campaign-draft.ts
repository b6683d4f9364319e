import type { RuleTree } from '@fernwood/protocol'
import {
  campaignLimitProblems,
  campaignRules,
  claimRuleFields,
  type NewCampaignRequest,
} from '@fernwood/protocol/admin'
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
  'code',
  ...payments,
  'contract',
  'startsAt',
  'endsAt',
  'cap',
  'budget',
  ...claimRuleFields,
  'oncePerAsset',
  'humanCheck',
  'grantsPerAccount',
  'checkUrl',
  'payoutDelay',
]

export const isCampaignField = (name: string | undefined): name is CampaignField =>
  campaignFields.includes(name as CampaignField)

/** The form's boxes: one claim per NFT, and grants per account without a limit. */
export type CampaignBox = 'oncePerAsset' | 'grantsUnlimited'

/** The form's choices that are no field of the request: the review window's unit. */
export type CampaignChoice = 'payoutDelayUnit'

/** The review window's units, by the value of its select, in seconds. */
export const payoutDelayUnits = { s: 1, m: 60, h: 3600, d: 86_400 } as const
export type PayoutDelayUnit = keyof typeof payoutDelayUnits

/** What the form holds: each field's value, trimmed ('' for a field not shown). */
export interface DraftValues {
  value(name: CampaignField | CampaignChoice): string
  /** A date or a number typed in part leaves its input's value empty: only the input can tell. */
  incomplete(name: 'startsAt' | 'endsAt' | 'grantsPerAccount' | 'payoutDelay'): boolean
  /** whether a box is shown and ticked */
  checked(name: CampaignBox): boolean
}

export const inputOf = (form: HTMLFormElement, name: string) =>
  form.elements.namedItem(name) as HTMLInputElement | null

/** A form's values as it holds them now: a field it does not show is empty. */
export const valuesOf = (form: HTMLFormElement): DraftValues => ({
  value: (name) => inputOf(form, name)?.value.trim() ?? '',
  incomplete: (name) => inputOf(form, name)?.validity.badInput ?? false,
  checked: (name) => inputOf(form, name)?.checked ?? false,
})

/** Focuses `control`, unfolding first any folded part of the form (a `<details>`) that hides it. */
export function bringToFocus(control: HTMLElement | null) {
  for (
    let folded = control?.closest('details');
    folded;
    folded = folded.parentElement?.closest('details')
  ) {
    folded.open = true
  }
  control?.focus()
}

/** Puts the operator on the first field to fix, where its reason is read out. */
export function focusFirst(form: HTMLFormElement, mistakes: FieldErrors) {
  const first = campaignFields.find((name) => mistakes[name] && inputOf(form, name))
  if (first) bringToFocus(inputOf(form, first))
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

/** A number as typed: null for none, NaN for what is not one (the shared checks refuse it). */
const numberOf = (typed: string) =>
  typed === '' ? null : /^[0-9]+$/.test(typed) ? Number(typed) : Number.NaN

/**
 * The grants per account the form asks for: null for unlimited, undefined when left empty (the
 * default, 1), NaN for what is not a number.
 */
export function grantsOf({ value, checked }: DraftValues): number | null | undefined {
  if (checked('grantsUnlimited')) return null
  return numberOf(value('grantsPerAccount')) ?? undefined
}

/**
 * The review window the form asks for, in seconds: undefined when left empty (none), NaN for
 * what is not a whole number of its unit.
 */
export function payoutDelayOf({ value }: DraftValues): number | undefined {
  const amount = numberOf(value('payoutDelay'))
  if (amount === null) return undefined
  const unit = value('payoutDelayUnit')
  return Object.hasOwn(payoutDelayUnits, unit)
    ? amount * payoutDelayUnits[unit as PayoutDelayUnit]
    : Number.NaN
}

/** Seconds in the largest unit that writes them whole, as the form shows a window: 5400 is 90 m. */
export function payoutDelayShown(seconds: number): { amount: string; unit: PayoutDelayUnit } {
  const units = Object.entries(payoutDelayUnits) as Array<[PayoutDelayUnit, number]>
  const [unit, size] = units.reverse().find(([, size]) => seconds % size === 0) ?? ['s', 1]
  return { amount: String(seconds / size), unit }
}

/**
 * The mistakes a new campaign and an edit tell alike, each beside its field, by the protocol's
 * shared checks where it has them: a date typed in part, an end not after the start, a cap or
 * grants per account not a whole number of at least 1 (or, in an edit, a cap below the
 * `claimed`), a review window past 30 days. The rules' builder tells its own (rule-rows.ts).
 */
function sharedMistakesOf(values: DraftValues, texts: ConsoleTexts, claimed = 0): FieldErrors {
  const { value, incomplete } = values
  const mistakes: FieldErrors = {}
  const time = (name: 'startsAt' | 'endsAt') => value(name) && isoOf(value(name))
  const problems = campaignLimitProblems(
    {
      startsAt: time('startsAt'),
      endsAt: time('endsAt'),
      cap: numberOf(value('cap')),
      grantsPerAccount: grantsOf(values),
      payoutDelay: payoutDelayOf(values),
    },
    claimed,
  )
  if (problems.endsAt === 'ADMIN_WINDOW_INVALID')
    mistakes.endsAt = texts.errors.ADMIN_WINDOW_INVALID
  for (const name of ['startsAt', 'endsAt'] as const) {
    if (incomplete(name)) mistakes[name] = texts.incompleteTime
  }
  if (problems.cap === 'ADMIN_CAP_BELOW_CLAIMED') mistakes.cap = texts.capBelowClaimed(claimed)
  else if (problems.cap) mistakes.cap = texts.errors.ADMIN_CAP_INVALID
  if (problems.grantsPerAccount || incomplete('grantsPerAccount')) {
    mistakes.grantsPerAccount = texts.errors.ADMIN_GRANTS_PER_ACCOUNT_INVALID
  }
  if (problems.payoutDelay || incomplete('payoutDelay')) {
    mistakes.payoutDelay = texts.errors.ADMIN_PAYOUT_DELAY_INVALID
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
  return sharedMistakesOf(values, texts, claimed)
}

/**
 * The request a form free of mistakes sends: only what the operator gave, and what a claim
 * pays by the one property of its payment. The allowlist goes as its file's text, which the
 * server reads as the CLI reads the file; the rules as the builder's tree.
 */
export function draftOf(
  values: DraftValues,
  kind: NewCampaignRequest['kind'],
  payment: Payment,
  { allowlist, rules }: { allowlist: string | undefined; rules: RuleTree | null },
): NewCampaignRequest {
  const { value, checked } = values
  const grants = grantsOf(values)
  const humanCheck = value('humanCheck')
  const payoutDelay = payoutDelayOf(values)
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
    ...(rules && { rules }),
    ...(value('group') && { group: value('group') }),
    ...(value('perWallet') && { perWallet: value('perWallet') }),
    // Shown with an NFT to hold only, the box counts the NFTs of those conditions.
    ...(checked('oncePerAsset') && { oncePerAsset: true }),
    ...((humanCheck === 'pow' || humanCheck === 'off') && { humanCheck }),
    ...(grants !== undefined && { grantsPerAccount: grants }),
    // The server checks the URL as it will ask it, and answers beside the field.
    ...(value('checkUrl') && { checkUrl: value('checkUrl') }),
    ...(payoutDelay !== undefined && { payoutDelay }),
  }
}
