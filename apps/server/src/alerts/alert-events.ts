import type { Queryable } from '../db/database.ts'

/**
 * The operators' alerts: what each reports and the facts it carries (`data`). Each is written to
 * the `alerts` outbox (migration 022) in the transaction of what it reports, or by the database's
 * own trigger (the campaign limits, functions/10_campaign_limit_alerts.sql), and delivered by
 * `alert-sender.ts`.
 */
export interface AlertData {
  /** payouts stopped because the payout account ran out of a chain resource */
  'payouts.paused': { resource: string; error: string; since: string }
  /** payouts run again */
  'payouts.resumed': { resource: string; pausedSince: string }
  /** the chain refused a payout for good: its reward is parked until an operator retries it */
  'payout.failed': { rewardId: string; account: string; code: string; error: string }
  /** the payout account's balance fell below ALERT_LOW_BALANCE */
  'balance.low': { account: string; balance: string; threshold: string }
  /** a campaign's last reward under its cap was claimed */
  'campaign.cap_reached': { campaign: string; name: string; claimed: number; cap: number }
  /** a campaign's last reward under its budget was claimed */
  'campaign.budget_spent': {
    campaign: string
    name: string
    claimed: number
    budget: number
    reward: string | null
  }
}

export type AlertEvent = keyof AlertData

/** One line for people, as a chat shows it (the receivers' `text` and `content`). */
const SUMMARIES: { [E in AlertEvent]: (data: AlertData[E]) => string } = {
  'payouts.paused': (data) =>
    `Payouts paused: the payout account is out of ${data.resource.toUpperCase()} (${data.error}). Rewards wait until it has some again.`,
  'payouts.resumed': (data) =>
    `Payouts resumed: the payout account has ${data.resource.toUpperCase()} again.`,
  'payout.failed': (data) =>
    `A payout to ${data.account} (code ${data.code}) was refused by the chain: ${data.error}. Its reward waits for a retry (npm run admin -- payouts retry ${data.rewardId}).`,
  'balance.low': (data) =>
    `The payout account ${data.account} holds ${data.balance}, below ${data.threshold}.`,
  'campaign.cap_reached': (data) =>
    `Campaign “${data.name}” (${data.campaign}) reached its cap: ${data.claimed} of ${data.cap} rewards claimed.`,
  'campaign.budget_spent': (data) =>
    `Campaign “${data.name}” (${data.campaign}) spent its budget: ${data.claimed} of ${data.budget} rewards claimed.`,
}

/** An alert's summary; an event this version does not know (a newer one wrote it) is named. */
export function summarizeAlert(event: string, data: unknown): string {
  const summary = SUMMARIES[event as AlertEvent] as ((data: unknown) => string) | undefined
  return summary ? summary(data) : event
}

/** Writes an alert to the outbox, in `db`'s transaction: it is sent if, and once, that commits. */
export async function enqueueAlert<E extends AlertEvent>(
  db: Queryable,
  event: E,
  data: AlertData[E],
): Promise<void> {
  await db.query('INSERT INTO alerts (event, data) VALUES ($1, $2)', [event, JSON.stringify(data)])
}
