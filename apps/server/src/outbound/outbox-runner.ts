import type { WorkerLogger } from '../worker/reward-worker.ts'
import { backoffDelay, WakeSignal } from '../worker/wake-signal.ts'
import type { Delivery } from './signed-sender.ts'

/** One message of an outbox, as taken: its row's id and the attempts made, this one counted. */
export interface OutboxMessage {
  id: string
  attempts: number
}

/**
 * An outbox table (the operators' alerts, partners' webhooks): how its messages are taken, sent
 * and settled. The runner owns the loop and the retry policy; the outbox, its table and what a
 * message says.
 */
export interface Outbox<Message extends OutboxMessage> {
  /**
   * Takes up to `limit` messages due, oldest first, each leased for `leaseSeconds` (not taken
   * again before, unless settled) and its attempts counted; shared by any number of runners
   * (`FOR UPDATE SKIP LOCKED`).
   */
  take(limit: number, leaseSeconds: number): Promise<Message[]>
  /** one attempt: the signed POST, or a refusal of its own before it */
  send(message: Message): Promise<Delivery>
  /** its receiver answered 2xx */
  sent(message: Message): Promise<void>
  /** due again after `delayMs` */
  retryLater(message: Message, error: string, delayMs: number): Promise<void>
  /** its attempts are spent: kept, with its last error, for an operator to see */
  giveUp(message: Message, error: string): Promise<void>
  /** housekeeping after each round (old messages forgotten) */
  prune?(): Promise<void>
}

export interface OutboxRunnerOptions {
  logger: WorkerLogger
  /** what the log calls its messages: 'alerts', 'partner webhooks' */
  name: string
  /** how often to look for messages due when nothing wakes the runner */
  pollIntervalMs: number
  /** the first retry's delay; each later one doubles, up to `retryMaxMs` */
  retryBaseMs: number
  retryMaxMs: number
  /** attempts before a message is given up */
  maxAttempts: number
}

// Messages taken per look; more are taken at once if there were that many.
const BATCH = 20
// A message taken by a runner that died is taken again by another after this long.
const LEASE_SECONDS = 60

/**
 * The one claim-send-retry loop of the outboxes, in the background of whichever process runs
 * it: nothing waits on a receiver, least of all a payout. Each message is marked sent once its
 * receiver answered 2xx; a runner that dies between the answer and the mark leaves it to be
 * sent again after its lease, so messages are delivered at least once, under the same
 * `webhook-id`. A failed attempt is retried with a doubling delay (longer if the receiver asked
 * for it), until `maxAttempts` are spent.
 */
export class OutboxRunner<Message extends OutboxMessage> {
  readonly #outbox: Outbox<Message>
  readonly #options: OutboxRunnerOptions
  #running: Promise<void> | undefined
  #stopping = false
  readonly #wakeSignal = new WakeSignal()

  constructor(outbox: Outbox<Message>, options: OutboxRunnerOptions) {
    this.#outbox = outbox
    this.#options = options
  }

  start(): void {
    this.#running = this.#loop()
  }

  /** Looks for messages due now rather than at the next poll. */
  wake(): void {
    this.#wakeSignal.signal()
  }

  /** Stops taking messages; one being sent is finished, those taken after it left to their lease. */
  async stop(): Promise<void> {
    this.#stopping = true
    this.#wakeSignal.signal()
    await this.#running
  }

  async #loop(): Promise<void> {
    const { pollIntervalMs, logger, name } = this.#options
    while (!this.#stopping) {
      this.#wakeSignal.begin()
      let taken = 0
      try {
        taken = await this.deliverDue()
        await this.#outbox.prune?.()
      } catch (error) {
        logger.error({ err: error }, `could not deliver ${name}; will try again`)
      }
      if (taken === BATCH) continue
      await this.#wakeSignal.sleep(pollIntervalMs)
    }
  }

  /** Takes the messages due and sends them, one after the other; returns how many it took. */
  async deliverDue(): Promise<number> {
    const due = await this.#outbox.take(BATCH, LEASE_SECONDS)
    due.sort((a, b) => Number(a.id) - Number(b.id))
    for (const message of due) {
      if (this.#stopping) break
      const delivery = await this.#outbox.send(message)
      if (delivery.ok) await this.#outbox.sent(message)
      else await this.#failed(message, delivery.error, delivery.retryAfterMs)
    }
    return due.length
  }

  async #failed(message: Message, error: string, retryAfterMs: number | undefined) {
    const { retryBaseMs, retryMaxMs, maxAttempts } = this.#options
    if (message.attempts >= maxAttempts) {
      await this.#outbox.giveUp(message, error)
      return
    }
    const backoffMs = backoffDelay(message.attempts, retryBaseMs, retryMaxMs)
    const delayMs = Math.min(Math.max(backoffMs, retryAfterMs ?? 0), retryMaxMs)
    await this.#outbox.retryLater(message, error, delayMs)
  }
}
