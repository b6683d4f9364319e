/**
 * A campaign's window, cap and grants per account as an operator gives them, checked by one rule
 * wherever they are given: the console before it sends a new campaign or an edit, the server (for
 * the console and the CLI alike) when it receives one. Times are ISO 8601 strings; null or '' is none.
 */
export interface CampaignLimits {
  startsAt?: string | null
  endsAt?: string | null
  cap?: number | null
  /** the partner API's grants per account; null for unlimited */
  grantsPerAccount?: number | null
  /** the review window, in seconds */
  payoutDelay?: number
}

/** The longest review window: 30 days, past which a claim waits longer than a visitor would. */
export const PAYOUT_DELAY_MAX_SECONDS = 30 * 24 * 60 * 60

/** What is wrong with a campaign's limits, by the field it concerns, as the API's error code. */
export interface CampaignLimitProblems {
  startsAt?: 'ADMIN_TIME_INVALID'
  endsAt?: 'ADMIN_TIME_INVALID' | 'ADMIN_WINDOW_INVALID'
  cap?: 'ADMIN_CAP_INVALID' | 'ADMIN_CAP_BELOW_CLAIMED'
  grantsPerAccount?: 'ADMIN_GRANTS_PER_ACCOUNT_INVALID'
  payoutDelay?: 'ADMIN_PAYOUT_DELAY_INVALID'
}

// A date, a time and a zone (or UTC's Z): nothing Date would guess at.
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

/** An operator's time: null for none, an invalid Date unless it is ISO 8601 with a zone. */
export function campaignTimeOf(value: string | null | undefined): Date | null {
  if (value === undefined || value === null || value === '') return null
  return new Date(ISO_TIME.test(value) ? value : Number.NaN)
}

/**
 * The problems of a campaign's limits: times that are not ISO times, an end not after the start,
 * a cap that is not a whole number of at least 1 or, for a campaign already claimed `claimed`
 * times, one below that, grants per account that are not a whole number of at least 1, a review
 * window that is not a whole number of seconds from 0 to PAYOUT_DELAY_MAX_SECONDS. Empty when
 * they hold together.
 */
export function campaignLimitProblems(limits: CampaignLimits, claimed = 0): CampaignLimitProblems {
  const problems: CampaignLimitProblems = {}
  const [start, end] = [campaignTimeOf(limits.startsAt), campaignTimeOf(limits.endsAt)]
  if (start && Number.isNaN(start.getTime())) problems.startsAt = 'ADMIN_TIME_INVALID'
  if (end && Number.isNaN(end.getTime())) problems.endsAt = 'ADMIN_TIME_INVALID'
  else if (start && end && end <= start) problems.endsAt = 'ADMIN_WINDOW_INVALID'
  const { cap } = limits
  if (cap !== null && cap !== undefined) {
    if (!Number.isInteger(cap) || cap < 1) problems.cap = 'ADMIN_CAP_INVALID'
    else if (cap < claimed) problems.cap = 'ADMIN_CAP_BELOW_CLAIMED'
  }
  const { grantsPerAccount } = limits
  if (
    grantsPerAccount !== null &&
    grantsPerAccount !== undefined &&
    !(Number.isInteger(grantsPerAccount) && grantsPerAccount >= 1)
  ) {
    problems.grantsPerAccount = 'ADMIN_GRANTS_PER_ACCOUNT_INVALID'
  }
  const { payoutDelay } = limits
  if (
    payoutDelay !== undefined &&
    !(Number.isInteger(payoutDelay) && payoutDelay >= 0 && payoutDelay <= PAYOUT_DELAY_MAX_SECONDS)
  ) {
    problems.payoutDelay = 'ADMIN_PAYOUT_DELAY_INVALID'
  }
  return problems
}
