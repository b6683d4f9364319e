import type { AdminOverview } from '@fernwood/protocol/admin'

/** Claims counted since an instant; `atLeast` when older minutes the server no longer sends may hold more. */
export interface ClaimCount {
  count: number
  atLeast: boolean
}

/** The figures an event team reads first, from the overview the console already follows. */
export interface SummaryFigures {
  openCampaigns: number
  claimsToday: ClaimCount
  claimsLastHour: ClaimCount
  /** rewards accepted and not yet paid, on their way or waiting */
  pendingPayouts: number
  /** payouts the chain refused, waiting for a retry */
  failedPayouts: number
  /** rewards processing or confirming for longer than they should */
  stuckPayouts: number
  /** the payout account's balance, null when the chain did not answer */
  balance: string | null
  /** why the balance needs an operator: payouts paused, or open budgets beyond it */
  balanceWarning: 'paused' | 'exceeds' | undefined
}

/**
 * Claims of every campaign since `since`, by their minutes. A campaign's minutes are its latest
 * 500 with claims: when it claimed more than they hold and its oldest one is already after
 * `since`, minutes before it may also be, and the count is a floor.
 */
function claimsSince(overview: AdminOverview, since: number): ClaimCount {
  let count = 0
  let atLeast = false
  for (const campaign of overview.campaigns) {
    const buckets = campaign.claimsOverTime
    let held = 0
    for (const bucket of buckets) {
      held += bucket.claims
      if (Date.parse(bucket.at) >= since) count += bucket.claims
    }
    const oldest = buckets[0]
    if (oldest && held < campaign.claimed && Date.parse(oldest.at) >= since) atLeast = true
  }
  return { count, atLeast }
}

/** The local midnight that began `now`'s day, on the operator's own clock. */
function startOfDay(now: Date): number {
  const midnight = new Date(now)
  midnight.setHours(0, 0, 0, 0)
  return midnight.getTime()
}

export function summaryFigures(overview: AdminOverview, now: Date): SummaryFigures {
  const { payouts } = overview
  return {
    openCampaigns: overview.campaigns.filter((campaign) => campaign.state === 'open').length,
    claimsToday: claimsSince(overview, startOfDay(now)),
    claimsLastHour: claimsSince(overview, now.getTime() - 3_600_000),
    pendingPayouts: payouts.pending,
    failedPayouts: payouts.failed.length,
    stuckPayouts: payouts.stuck.length,
    balance: payouts.balance,
    balanceWarning: payouts.pause ? 'paused' : payouts.budgetsExceedBalance ? 'exceeds' : undefined,
  }
}
