import type { Unlisten } from '../db/database.ts'
import { CHANGES_CHANNEL, parseChange } from '../live/publisher.ts'
import { timePayout } from '../metrics/instruments.ts'
import { type PayableReward, type PayoutContext, payReward } from '../payouts/pay-reward.ts'
import { parkReward, scheduleRetry } from '../rewards/lifecycle.ts'
import { claimDueRewards } from './claim.ts'

/** What the worker tells operators; pino's logger fits. */
export interface WorkerLogger {
  info(details: object, message: string): void
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface RewardWorkerOptions {
  payout: PayoutContext
  logger: WorkerLogger
  /** rewards paid at the same time by this worker */
  concurrency: number
  /** how often to look for due rewards when no submission wakes the worker */
  pollIntervalMs: number
  leaseSeconds: number
  /** the first retry's delay; each later one doubles, up to `retryMaxMs` */
  retryBaseMs?: number
  /** the longest wait between retries; five minutes unless a test wants it shorter */
  retryMaxMs?: number
}

const MAX_RETRY_DELAY_MS = 5 * 60_000

/**
 * Claims due rewards and pays them (or checks the finality of those confirming), `concurrency`
 * at a time, until stopped. Any number of
 * workers, in any number of processes, share the queue through the database alone. A new
 * submission (a notification on the changes channel) wakes it at once.
 */
export class RewardWorker {
  readonly #options: RewardWorkerOptions
  readonly #inFlight = new Set<Promise<void>>()
  #running: Promise<void> | undefined
  #stopping = false
  #wake: (() => void) | undefined
  /** set by a wake-up that came while the loop was busy, so that it is not lost */
  #wakeRequested = false
  #unlisten: Unlisten | undefined
  /** wake-ups for finality checks this worker scheduled, sooner than its next poll */
  readonly #checkTimers = new Set<NodeJS.Timeout>()

  constructor(options: RewardWorkerOptions) {
    this.#options = options
  }

  async start(): Promise<void> {
    const { database } = this.#options.payout
    this.#unlisten = await database.listen(CHANGES_CHANNEL, (payload) => {
      if (parseChange(payload)?.kind === 'due') this.#signal()
    })
    this.#running = this.#loop()
  }

  /** Stops claiming, lets the payouts in progress finish, and returns when they have. */
  async stop(): Promise<void> {
    this.#stopping = true
    for (const timer of this.#checkTimers) clearTimeout(timer)
    this.#signal()
    await this.#running
    await Promise.all(this.#inFlight)
    await this.#unlisten?.().catch(() => undefined)
  }

  async #loop(): Promise<void> {
    const { concurrency, pollIntervalMs, leaseSeconds, logger } = this.#options
    while (!this.#stopping) {
      this.#wakeRequested = false
      let claimed = 0
      const free = concurrency - this.#inFlight.size
      if (free > 0) {
        try {
          const batch = await claimDueRewards(this.#options.payout.database, {
            limit: free,
            leaseSeconds,
          })
          claimed = batch.claimed
          for (const reward of batch.payable) {
            const work = this.#pay(reward).finally(() => {
              this.#inFlight.delete(work)
              this.#signal()
            })
            this.#inFlight.add(work)
          }
        } catch (error) {
          logger.error({ err: error }, 'could not claim rewards; will try again')
        }
      }
      // A full batch means more may be waiting: look again at once, if a slot is free.
      if (free > 0 && claimed === free && this.#inFlight.size < concurrency) continue
      if (this.#wakeRequested) continue
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollIntervalMs)
        this.#wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.#wake = undefined
    }
  }

  #signal() {
    this.#wakeRequested = true
    this.#wake?.()
  }

  async #pay(reward: PayableReward): Promise<void> {
    const { payout, logger, retryBaseMs = 1000, retryMaxMs = MAX_RETRY_DELAY_MS } = this.#options
    const log = { rewardId: reward.id, account: reward.waxAccount, code: reward.code }
    const settled = timePayout()
    try {
      const result = await payReward(payout, reward)
      settled(result.outcome)
      if (result.outcome === 'completed') {
        logger.info({ ...log, transactionId: result.transactionId }, 'reward paid')
        return
      }
      if (result.outcome === 'confirming') {
        // Nobody announces a block becoming irreversible: wake up when the check is due.
        const timer = setTimeout(() => {
          this.#checkTimers.delete(timer)
          this.#signal()
        }, result.checkAfterMs)
        this.#checkTimers.add(timer)
        return
      }
      // Loud on purpose: nothing will move until an operator acts.
      logger.error(
        { ...log, transactionId: result.transactionId, chainError: result.error },
        'payout refused by the chain; the reward is parked until retried with the admin CLI',
      )
      await parkReward(payout.database, reward.id, result.error)
    } catch (error) {
      settled('retrying')
      const message = error instanceof Error ? error.message : String(error)
      const delayMs = Math.min(retryBaseMs * 2 ** Math.max(0, reward.attempts - 1), retryMaxMs)
      logger.warn({ ...log, err: message, retryInMs: delayMs }, 'payout not settled; will retry')
      await scheduleRetry(payout.database, reward.id, message, delayMs).catch((retryError) =>
        logger.error({ ...log, err: retryError }, 'could not schedule the retry; the lease will'),
      )
    }
  }
}
