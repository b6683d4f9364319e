import { exceeds } from '../campaigns/budgets.ts'
import type { Database, Queryable } from '../db/database.ts'
import type { WorkerLogger } from '../worker/reward-worker.ts'

/**
 * Records the payout account's balance as just read, and alerts `balance.low` when it is below
 * `threshold` (an amount of its token) and was not when last recorded: once per fall, however
 * often, and by however many processes, it is checked. The last state is one row, flipped in the
 * statement that writes the alert, so two processes finding the same fall write one alert.
 * Returns whether this call alerted.
 */
export async function recordPayoutBalance(
  db: Queryable,
  reading: { account: string; balance: string; threshold: string },
): Promise<boolean> {
  const [amount, symbol] = reading.balance.split(' ')
  const threshold = `${reading.threshold} ${symbol}`
  const low = exceeds(threshold, `${amount} ${symbol}`)
  const alerted = await db.query(
    `WITH flipped AS (
       INSERT INTO alert_conditions AS c (name, active) VALUES ('balance.low', $1)
       ON CONFLICT (name) DO UPDATE SET active = excluded.active, changed_at = now()
         WHERE c.active IS DISTINCT FROM excluded.active
       RETURNING active)
     INSERT INTO alerts (event, data)
     SELECT 'balance.low', $2::jsonb FROM flipped WHERE active
     RETURNING id`,
    [low, JSON.stringify({ account: reading.account, balance: reading.balance, threshold })],
  )
  return alerted.length > 0
}

export interface BalanceWatchOptions {
  database: Database
  /** the payout account and its balance of the reward token, as the chain says now */
  readBalance: () => Promise<{ account: string; balance: string }>
  /** ALERT_LOW_BALANCE: an amount without its symbol, e.g. '1000.0000' */
  threshold: string
  intervalMs: number
  logger: WorkerLogger
}

/** Reads the payout account's balance every `intervalMs` and records it (a failed read skips). */
export function watchPayoutBalance(options: BalanceWatchOptions): { stop(): Promise<void> } {
  const { database, readBalance, threshold, intervalMs, logger } = options
  let checking: Promise<void> = Promise.resolve()
  const check = () => {
    checking = readBalance()
      .then((reading) => recordPayoutBalance(database, { ...reading, threshold }))
      .then(
        () => undefined,
        (error) => logger.warn({ err: error }, 'could not check the payout balance; will again'),
      )
  }
  check()
  const timer = setInterval(check, intervalMs)
  return {
    async stop() {
      clearInterval(timer)
      await checking
    },
  }
}
