import type { ClaimState } from '@fernwood/protocol'
import type { AdminCampaign } from '@fernwood/protocol/admin'

/**
 * A campaign's standing is decided once, by the stored function `campaign_standing`
 * (db/functions/12_campaign_standing.sql): the submission, the worker, a claim link's preview,
 * the console's overview, `campaigns list` and the kiosk all read it, so none of them can call a
 * campaign open that another calls ended or spent.
 */

/** scheduled, open, ended (its window over), closed (by an operator) or spent (cap or budget) */
export type CampaignPhase = AdminCampaign['state']

/** What a claim on a campaign is refused as, for the phase it is in: visitors see no 'closed'. */
export type CampaignRefusal = Exclude<ClaimState, 'open'>

/** The columns `campaign_standing` answers, as a query reads them. */
export interface CampaignStandingColumns {
  phase: CampaignPhase
  /** the rewards its cap and budget still allow, the smaller of the two; null with neither */
  remaining: number | null
  /** what a claim is refused as now; null while open */
  refusal: CampaignRefusal | null
}

// The campaigns columns a standing is decided from, in the order the function takes them.
const STANDING_COLUMNS = [
  'starts_at',
  'ends_at',
  'closed_at',
  'claimed_count',
  'total_cap',
  'budget_rewards',
]

/**
 * The standing of the campaigns row aliased `campaign`, as a FROM item to join LATERAL: its
 * columns are `phase`, `remaining` and `refusal` (CampaignStandingColumns).
 */
export function campaignStandingOf(campaign: string): string {
  return `campaign_standing(${columnsOf(campaign)})`
}

/** The columns `code_standing` answers: a campaign's, and when the code stops paying. */
export interface CodeStandingColumns extends CampaignStandingColumns {
  /** the earlier of the campaign's end and the code's own expiry; null with neither */
  ends_at: Date | null
}

/**
 * The standing of the codes row aliased `code` in its campaigns row aliased `campaign`
 * (`code_standing`, db/functions/21): the campaign's, ended at the code's own expiry when that
 * comes first, as a FROM item to join LATERAL (CodeStandingColumns).
 */
export function codeStandingOf(code: string, campaign: string): string {
  return `code_standing(${code}.expires_at, ${columnsOf(campaign)})`
}

function columnsOf(campaign: string): string {
  return STANDING_COLUMNS.map((name) => `${campaign}.${name}`).join(', ')
}
