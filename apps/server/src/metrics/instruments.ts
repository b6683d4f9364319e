import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client'

/**
 * What this process counts as it works, wherever the work happens (routes, the reward worker):
 * Prometheus sums each counter over the processes it scrapes. What is read from the database or
 * from one app at scrape time lives in `routes.ts` instead.
 */
export const processMetrics = new Registry()

export const codeSubmissions = new Counter({
  name: 'fernwood_code_submissions_total',
  help: 'POST /api/codes answers: accepted, or the error code of the refusal',
  labelNames: ['outcome'],
  registers: [processMetrics],
})

export const rewardRejections = new Counter({
  name: 'fernwood_reward_rejections_total',
  help: 'rewards the worker rejected, by reason (unknown_code, not_started, ended, fully_claimed)',
  labelNames: ['reason'],
  registers: [processMetrics],
})

/**
 * What became of one attempt to pay a reward: completed, confirming (executed, not yet
 * irreversible), refused by the chain (parked for an operator), or retrying (not settled).
 */
export type PayoutState = 'completed' | 'confirming' | 'refused' | 'retrying'

export const payouts = new Counter({
  name: 'fernwood_payouts_total',
  help: 'payout attempts by what became of them: completed, confirming, refused or retrying',
  labelNames: ['state'],
  registers: [processMetrics],
})

export const payoutDuration = new Histogram({
  name: 'fernwood_payout_duration_seconds',
  help: 'how long one payout attempt took (signing, broadcast, confirmation), by its state',
  labelNames: ['state'],
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [processMetrics],
})

export const payoutBatchSize = new Histogram({
  name: 'fernwood_payout_batch_size',
  help: 'transfers (rewards) in each payout transaction the worker signs',
  buckets: [1, 2, 5, 10, 20, 50, 100],
  registers: [processMetrics],
})

export const alertDeliveries = new Counter({
  name: 'fernwood_alert_deliveries_total',
  help: 'attempts to POST an alert to ALERT_WEBHOOK_URL, by event and outcome (sent, retrying, given_up)',
  labelNames: ['event', 'outcome'],
  registers: [processMetrics],
})

/** Times one payout attempt: call the result with its state when the attempt is over. */
export function timePayout(): (state: PayoutState) => void {
  const stop = payoutDuration.startTimer()
  return (state) => {
    stop({ state })
    payouts.inc({ state })
  }
}

let defaultsCollected = false

/** Node's own metrics (event-loop lag, heap, CPU, handles), started once per process when served. */
export function collectProcessDefaults(): void {
  if (defaultsCollected) return
  defaultsCollected = true
  collectDefaultMetrics({ register: processMetrics, eventLoopMonitoringPrecision: 10 })
}
