import { changeHubOf, type StopListening } from '../events/hub.ts'
import { type PayoutState, payoutBatchSize, timePayout } from '../metrics/instruments.ts'
import {
  BLOCK_MS,
  type PayoutBatch,
  type PayoutContext,
  payBatch,
  planBatches,
} from '../payouts/pay-batch.ts'
import { PayoutResourcesExhausted, type ResourcePause } from '../payouts/resource-pause.ts'
import { parkReward } from '../rewards/lifecycle.ts'
import { rewardState } from '../rewards/reward-state.ts'
import { claimDueRewards } from './claim.ts'
import { backoffDelay, WakeSignal } from './wake-signal.ts'

/** What the worker tells operators; pino's logger fits. */
export interface WorkerLogger {
  info(details: object, message: string): void
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface RewardWorkerOptions {
  payout: PayoutContext
  /** payouts paused while the payout account lacks CPU, NET or RAM, shared by every worker */
  pause: ResourcePause
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

/** A retry's first wait and longest one, unless a test wants them shorter. */
export const RETRY_BASE_MS = 1000
export const MAX_RETRY_DELAY_MS = 5 * 60_000

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
  readonly #wakeSignal = new WakeSignal()
  #stopListening: StopListening | undefined
  /** wake-ups for finality checks this worker scheduled, sooner than its next poll */
  readonly #checkTimers = new Set<NodeJS.Timeout>()

  constructor(options: RewardWorkerOptions) {
    this.#options = options
  }

  /** The payout pause this worker keeps to: subscribe to its changes with `onChange`. */
  get resourcePause(): ResourcePause {
    return this.#options.pause
  }

  async start(): Promise<void> {
    const { database, node } = this.#options.payout
    // How far finality trails, for the first transfers' first look; until the node answers (if
    // it is down now, at the first look), they look after a block.
    void node.getInfo().catch(() => undefined)
    this.#stopListening = await changeHubOf(database).listen((change) => {
      if (change.kind === 'due') this.#wakeSignal.signal()
    })
    this.#running = this.#loop()
  }

  /** Stops claiming, lets the payouts in progress finish, and returns when they have. */
  async stop(): Promise<void> {
    this.#stopping = true
    for (const timer of this.#checkTimers) clearTimeout(timer)
    this.#wakeSignal.signal()
    await this.#running
    await Promise.all(this.#inFlight)
    await this.#stopListening?.()
  }

  async #loop(): Promise<void> {
    const { concurrency, batchSize, pollIntervalMs, leaseSeconds, logger } = this.#options
    const { database } = this.#options.payout
    while (!this.#stopping) {
      this.#wakeSignal.begin()
      // Paused for the payout account's resources: claim nothing until it has them again. With
      // every slot busy there is nothing to claim, nor to read: a slot set free wakes the loop.
      const paused =
        this.#inFlight.size < concurrency &&
        (await this.#options.pause.holdOff().then(
          (holdOffMs) => holdOffMs > 0,
          (error) => {
            logger.error({ err: error }, 'could not read the payout pause; will try again')
            return true
          },
        ))
      let claimed = 0
      const free = paused ? 0 : concurrency - this.#inFlight.size
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
              this.#wakeSignal.signal()
            })
            this.#inFlight.add(work)
          }
        } catch (error) {
          logger.error({ err: error }, 'could not claim rewards; will try again')
        }
      }
      // A full claim means more may be waiting: look again at once, if a slot is free.
      if (free > 0 && claimed === limit && this.#inFlight.size < concurrency) continue
      await this.#wakeSignal.sleep(pollIntervalMs)
    }
  }

  async #settleInTurn(batches: PayoutBatch[]): Promise<void> {
    for (const batch of batches) {
      // A pause met by this lane or another: the rest wait, due, rather than be refused too.
      const pause = this.#options.pause.lastSeen
      if (pause) await this.#release(batch, pause.error)
      else await this.#settle(batch)
    }
  }

  /** Gives a claimed batch back, due again at once (for when payouts resume), saying why. */
  async #release({ rewards }: PayoutBatch, why: string): Promise<void> {
    const rewardIds = rewards.map((reward) => reward.id)
    await rewardState
      .retryLater(this.#options.payout.database, rewardIds, why, 0)
      .catch((error) =>
        this.#options.logger.error({ rewardIds, err: error }, 'could not release; the lease will'),
      )
  }

  async #settle(batch: PayoutBatch): Promise<void> {
    const {
      payout,
      logger,
      retryBaseMs = RETRY_BASE_MS,
      retryMaxMs = MAX_RETRY_DELAY_MS,
    } = this.#options
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
          this.#wakeSignal.signal()
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
      if (result.outcome === 'overtaken') {
        // Not counted: the worker that took them over counts how they end.
        logger.info(log, 'rewards left to the worker that took them over')
        return
      }
      if (result.outcome === 'rejected') {
        settle('refused')
        logger.warn({ ...log, rejection: result.rejection }, 'rewards rejected before paying')
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
        await rewardState.retryLater(payout.database, rewardIds, result.error, delayMs)
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
      if (error instanceof PayoutResourcesExhausted) {
        // No reward's fault: they stay due, not retried one by one; the pause says why, once.
        await this.#options.pause.enter(error.resource, error.message).then(
          () => this.#release(batch, error.message),
          (pauseError) => logger.error({ ...log, err: pauseError }, 'could not pause payouts'),
        )
        return
      }
      const message = error instanceof Error ? error.message : String(error)
      const attempts = Math.max(...rewards.map((reward) => reward.attempts))
      const delayMs = backoffDelay(attempts, retryBaseMs, retryMaxMs)
      logger.warn({ ...log, err: message, retryInMs: delayMs }, 'payout not settled; will retry')
      await rewardState
        .retryLater(payout.database, rewardIds, message, delayMs)
        .catch((retryError) =>
          logger.error({ ...log, err: retryError }, 'could not schedule the retry; the lease will'),
        )
    }
  }
}
