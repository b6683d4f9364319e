import type { Unlisten } from '../db/database.ts'
import { CHANGES_CHANNEL, parseChange } from '../events/channel.ts'
import { type PayoutState, payoutBatchSize, timePayout } from '../metrics/instruments.ts'
import {
  BLOCK_MS,
  type PayoutBatch,
  type PayoutContext,
  payBatch,
  planBatches,
} from '../payouts/pay-batch.ts'
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
  /** transactions this worker settles at the same time */
  concurrency: number
  /** the most transfers (rewards) one payout transaction carries */
  batchSize: number
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
 * Claims due rewards and pays them in batches, one transaction of up to `batchSize` transfers
 * each (or checks the finality of those confirming), `concurrency` transactions at a time, until
 * stopped. Any number of
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
    const { concurrency, batchSize, pollIntervalMs, leaseSeconds, logger } = this.#options
    const { database } = this.#options.payout
    while (!this.#stopping) {
      this.#wakeRequested = false
      let claimed = 0
      const free = concurrency - this.#inFlight.size
      const limit = free * batchSize
      if (free > 0) {
        try {
          const due = await claimDueRewards(database, { limit, leaseSeconds })
          claimed = due.claimed
          // Each free slot settles its share of the batches one after the other.
          const lanes: PayoutBatch[][] = Array.from({ length: free }, () => [])
          const batches = await planBatches(database, due.payable, batchSize)
          batches.forEach((batch, index) => {
            lanes[index % free].push(batch)
          })
          for (const lane of lanes.filter((batches) => batches.length > 0)) {
            const work = this.#settleInTurn(lane).finally(() => {
              this.#inFlight.delete(work)
              this.#signal()
            })
            this.#inFlight.add(work)
          }
        } catch (error) {
          logger.error({ err: error }, 'could not claim rewards; will try again')
        }
      }
      // A full claim means more may be waiting: look again at once, if a slot is free.
      if (free > 0 && claimed === limit && this.#inFlight.size < concurrency) continue
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

  async #settleInTurn(batches: PayoutBatch[]): Promise<void> {
    for (const batch of batches) await this.#settle(batch)
  }

  async #settle(batch: PayoutBatch): Promise<void> {
    const { payout, logger, retryBaseMs = 1000, retryMaxMs = MAX_RETRY_DELAY_MS } = this.#options
    const { rewards } = batch
    const rewardIds = rewards.map((reward) => reward.id)
    const log = {
      rewardIds,
      ...(rewards.length === 1 && { account: rewards[0].waxAccount, code: rewards[0].code }),
    }
    // Counted and timed per reward, whatever the batch: operators count rewards, not transactions.
    const settled = rewards.map(() => timePayout())
    const settle = (state: PayoutState) => {
      for (const done of settled) done(state)
    }
    if (!batch.payout) payoutBatchSize.observe(rewards.length)
    try {
      const result = await payBatch(payout, batch)
      if (result.outcome === 'completed') {
        settle('completed')
        logger.info({ ...log, transactionId: result.transactionId }, 'rewards paid')
        return
      }
      if (result.outcome === 'confirming') {
        settle('confirming')
        // Nobody announces a block becoming irreversible: wake up when the check is due.
        const timer = setTimeout(() => {
          this.#checkTimers.delete(timer)
          this.#signal()
        }, result.checkAfterMs)
        this.#checkTimers.add(timer)
        return
      }
      if (result.outcome === 'lost') {
        settle('retrying')
        logger.warn(
          { ...log, transactionId: result.transactionId },
          'payout transaction can never land; its rewards get a new one',
        )
        return
      }
      if (result.transfers > 1) {
        settle('retrying')
        // It may still land until it expires; only then can its transfers be made again, alone,
        // so that the bad one is parked by itself and the others are paid.
        // A look before then finds it unsettled and sends it again, which does no harm.
        const untilExpiry = result.expiresAt.getTime() - Date.now()
        const delayMs = Math.min(Math.max(untilExpiry, 0), retryMaxMs) + BLOCK_MS
        logger.warn(
          {
            ...log,
            transactionId: result.transactionId,
            chainError: result.error,
            retryInMs: delayMs,
          },
          'payout batch refused by the chain; its rewards will be paid one by one once it expired',
        )
        await scheduleRetry(payout.database, rewardIds, result.error, delayMs)
        return
      }
      settle('refused')
      // Loud on purpose: nothing will move until an operator acts.
      logger.error(
        { ...log, transactionId: result.transactionId, chainError: result.error },
        'payout refused by the chain; the reward is parked until retried with the admin CLI',
      )
      await parkReward(payout.database, rewardIds[0], result.error)
    } catch (error) {
      settle('retrying')
      const message = error instanceof Error ? error.message : String(error)
      const attempts = Math.max(...rewards.map((reward) => reward.attempts))
      const delayMs = Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), retryMaxMs)
      logger.warn({ ...log, err: message, retryInMs: delayMs }, 'payout not settled; will retry')
      await scheduleRetry(payout.database, rewardIds, message, delayMs).catch((retryError) =>
        logger.error({ ...log, err: retryError }, 'could not schedule the retry; the lease will'),
      )
    }
  }
}
