import {
  type AdminCampaign,
  type CampaignEditRequest,
  claimRuleFields,
} from '@fernwood/protocol/admin'
import { type DraftValues, isoOf, localInputOf } from './campaign-draft'

/** The rules written as text, as `campaigns create` takes them; empty removes one. */
type RuleField = Exclude<(typeof claimRuleFields)[number], 'allowlist'>
const ruleFields = claimRuleFields.filter((field): field is RuleField => field !== 'allowlist')

/** The fields of `campaigns edit` the dialog shows as text, by name. */
export type EditField = 'startsAt' | 'endsAt' | 'cap' | RuleField
export type EditValues = Record<EditField, string>

/** A campaign's window, cap and rules as the dialog first shows them. */
export function editValuesOf(campaign: AdminCampaign): EditValues {
  return {
    startsAt: localInputOf(campaign.startsAt),
    endsAt: localInputOf(campaign.endsAt),
    cap: campaign.cap === null ? '' : String(campaign.cap),
    minBalance: campaign.rules.minBalance ?? '',
    holdsNft: campaign.rules.holdsNft ?? '',
    minAccountAgeDays: String(campaign.rules.minAccountAgeDays ?? ''),
    group: campaign.rules.group ?? '',
    perWallet: campaign.rules.perWallet ?? '',
  }
}

/**
 * The edit a form free of mistakes sends: only what differs from `initial`, a field emptied as
 * null (removed). The allowlist goes as its file's text, or null to remove the campaign's list.
 */
export function editOf(
  { value }: DraftValues,
  initial: EditValues,
  { reopen, allowlist }: { reopen: boolean; allowlist: string | null | undefined },
): CampaignEditRequest {
  const time = (name: 'startsAt' | 'endsAt') => (value(name) === '' ? null : isoOf(value(name)))
  const edit: CampaignEditRequest = {
    ...(value('startsAt') !== initial.startsAt && { startsAt: time('startsAt') }),
    ...(value('endsAt') !== initial.endsAt && { endsAt: time('endsAt') }),
    ...(value('cap') !== initial.cap && { cap: value('cap') === '' ? null : Number(value('cap')) }),
    ...(reopen && { reopen: true }),
    ...(allowlist !== undefined && { allowlist }),
  }
  for (const rule of ruleFields) {
    if (value(rule) === initial[rule]) continue
    const written = value(rule) === '' ? null : value(rule)
    Object.assign(edit, {
      [rule]: rule === 'minAccountAgeDays' && written !== null ? Number(written) : written,
    })
  }
  return edit
}
