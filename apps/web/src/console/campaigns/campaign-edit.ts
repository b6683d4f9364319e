import {
  type AdminCampaign,
  type CampaignEditRequest,
  claimRuleFields,
} from '@fernwood/protocol/admin'
import {
  type DraftValues,
  grantsOf,
  isoOf,
  localInputOf,
  type PayoutDelayUnit,
  payoutDelayOf,
  payoutDelayShown,
  payoutDelayUnits,
} from './campaign-draft'

/** The rules written as text, as `campaigns create` takes them; empty removes one. */
type RuleField = Exclude<(typeof claimRuleFields)[number], 'allowlist'>
const ruleFields = claimRuleFields.filter((field): field is RuleField => field !== 'allowlist')

/** The fields of `campaigns edit` the dialog shows as text, by name. */
export type EditField =
  | 'startsAt'
  | 'endsAt'
  | 'cap'
  | RuleField
  | 'grantsPerAccount'
  | 'checkUrl'
  | 'payoutDelay'

/** What the dialog first shows: the fields' text, the human check chosen ('' for the default), the boxes. */
export type EditValues = Record<EditField | 'humanCheck', string> & {
  grantsUnlimited: boolean
  oncePerAsset: boolean
  payoutDelayUnit: PayoutDelayUnit
}

/** A campaign's window, cap, rules and fair-claim settings as the dialog first shows them. */
export function editValuesOf(campaign: AdminCampaign): EditValues {
  // No window shows empty, in hours: the unit a window is most often given in.
  const delay =
    campaign.payoutDelay === 0
      ? { amount: '', unit: 'h' as const }
      : payoutDelayShown(campaign.payoutDelay)
  return {
    startsAt: localInputOf(campaign.startsAt),
    endsAt: localInputOf(campaign.endsAt),
    cap: campaign.cap === null ? '' : String(campaign.cap),
    minBalance: campaign.rules.minBalance ?? '',
    holdsNft: campaign.rules.holdsNft ?? '',
    minAccountAgeDays: String(campaign.rules.minAccountAgeDays ?? ''),
    group: campaign.rules.group ?? '',
    perWallet: campaign.rules.perWallet ?? '',
    humanCheck: campaign.humanCheck ?? '',
    grantsPerAccount: String(campaign.grantsPerAccount ?? ''),
    grantsUnlimited: campaign.grantsPerAccount === null,
    oncePerAsset: campaign.oncePerAsset,
    checkUrl: campaign.checkUrl ?? '',
    payoutDelay: delay.amount,
    payoutDelayUnit: delay.unit,
  }
}

/**
 * The edit a form free of mistakes sends: only what differs from `initial`, a field emptied as
 * null (removed). The allowlist goes as its file's text, or null to remove the campaign's list.
 */
export function editOf(
  values: DraftValues,
  initial: EditValues,
  { reopen, allowlist }: { reopen: boolean; allowlist: string | null | undefined },
): CampaignEditRequest {
  const { value, checked } = values
  const time = (name: 'startsAt' | 'endsAt') => (value(name) === '' ? null : isoOf(value(name)))
  const edit: CampaignEditRequest = {
    ...(value('startsAt') !== initial.startsAt && { startsAt: time('startsAt') }),
    ...(value('endsAt') !== initial.endsAt && { endsAt: time('endsAt') }),
    ...(value('cap') !== initial.cap && { cap: value('cap') === '' ? null : Number(value('cap')) }),
    ...(reopen && { reopen: true }),
    ...(allowlist !== undefined && { allowlist }),
  }
  if (value('humanCheck') !== initial.humanCheck) {
    const chosen = value('humanCheck')
    edit.humanCheck = chosen === 'pow' || chosen === 'off' ? chosen : null
  }
  const asked = grantsOf(values)
  const grants = asked === undefined ? 1 : asked
  if (grants !== (initial.grantsUnlimited ? null : Number(initial.grantsPerAccount))) {
    edit.grantsPerAccount = grants
  }
  // Without an NFT to hold the box is not shown: the rule's removal takes the setting with it.
  const oncePerAsset = value('holdsNft') !== '' && checked('oncePerAsset')
  if (oncePerAsset !== initial.oncePerAsset) edit.oncePerAsset = oncePerAsset
  if (value('checkUrl') !== initial.checkUrl) edit.checkUrl = value('checkUrl') || null
  // An emptied window is none: claims pay at once again.
  const payoutDelay = payoutDelayOf(values) ?? 0
  const initialDelay =
    initial.payoutDelay === ''
      ? 0
      : Number(initial.payoutDelay) * payoutDelayUnits[initial.payoutDelayUnit]
  if (payoutDelay !== initialDelay) edit.payoutDelay = payoutDelay
  for (const rule of ruleFields) {
    if (value(rule) === initial[rule]) continue
    const written = value(rule) === '' ? null : value(rule)
    Object.assign(edit, {
      [rule]: rule === 'minAccountAgeDays' && written !== null ? Number(written) : written,
    })
  }
  return edit
}
