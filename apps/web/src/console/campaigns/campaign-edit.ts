import type { RuleTree } from '@fernwood/protocol'
import type { AdminCampaign, CampaignEditRequest } from '@fernwood/protocol/admin'
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

/** The group's limit written as text, as `campaigns create` takes it; empty removes it. */
type LimitField = 'group' | 'perWallet'
const limitFields: readonly LimitField[] = ['group', 'perWallet']

/** The fields of `campaigns edit` the dialog shows as text, by name. */
export type EditField =
  | 'startsAt'
  | 'endsAt'
  | 'cap'
  | LimitField
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
 * The edit a form free of mistakes sends: only what differs from `initial` (`initialRules`, the
 * campaign's tree), a field emptied as null (removed). The allowlist goes as its file's text, or
 * null to remove the campaign's list; the rules as the builder's whole tree, null for none.
 */
export function editOf(
  values: DraftValues,
  initial: EditValues,
  {
    reopen,
    allowlist,
    rules,
    initialRules,
  }: {
    reopen: boolean
    allowlist: string | null | undefined
    rules: RuleTree | null
    initialRules: RuleTree | null
  },
): CampaignEditRequest {
  const { value, checked } = values
  const time = (name: 'startsAt' | 'endsAt') => (value(name) === '' ? null : isoOf(value(name)))
  const edit: CampaignEditRequest = {
    ...(value('startsAt') !== initial.startsAt && { startsAt: time('startsAt') }),
    ...(value('endsAt') !== initial.endsAt && { endsAt: time('endsAt') }),
    ...(value('cap') !== initial.cap && { cap: value('cap') === '' ? null : Number(value('cap')) }),
    ...(reopen && { reopen: true }),
    ...(allowlist !== undefined && { allowlist }),
    ...(JSON.stringify(rules) !== JSON.stringify(initialRules) && { rules }),
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
  // Without an NFT to hold the box is not shown: the rules' last one takes the setting with it.
  const oncePerAsset = checked('oncePerAsset')
  if (oncePerAsset !== initial.oncePerAsset) edit.oncePerAsset = oncePerAsset
  if (value('checkUrl') !== initial.checkUrl) edit.checkUrl = value('checkUrl') || null
  // An emptied window is none: claims pay at once again.
  const payoutDelay = payoutDelayOf(values) ?? 0
  const initialDelay =
    initial.payoutDelay === ''
      ? 0
      : Number(initial.payoutDelay) * payoutDelayUnits[initial.payoutDelayUnit]
  if (payoutDelay !== initialDelay) edit.payoutDelay = payoutDelay
  for (const field of limitFields) {
    if (value(field) !== initial[field]) edit[field] = value(field) === '' ? null : value(field)
  }
  return edit
}
