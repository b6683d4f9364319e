import type { Database } from '../db/database.ts'
import { sendSignedMessage } from '../outbound/signed-sender.ts'
import type { WorkerLogger } from '../worker/reward-worker.ts'
import { backoffDelay, WakeSignal } from '../worker/wake-signal.ts'
import { type AddressPolicy, refusedDestination } from './address-guard.ts'

export interface WebhookSenderOptions {
  database: Database
  logger: WorkerLogger
  policy: AddressPolicy
  /** how often to look for deliveries due */
  pollIntervalMs?: number
  /** the first retry's delay; each later one doubles, up to `retryMaxMs` (the alerts' policy) */
  retryBaseMs?: number
  retryMaxMs?: number
  /** attempts before a delivery is given up (kept for the console, with its last error) */
  maxAttempts?: number
  timeoutMs?: number
}

// Deliveries taken per look; more are taken at once if there were that many.
const BATCH = 20
// A delivery taken by a sender that died is taken again by another after this long.
const LEASE_SECONDS = 60

interface DueDelivery {
  id: string
  event: string
  data: Record<string, unknown>
  at: Date
  attempts: number
  url: string
  secret: string
}

/**
 * Delivers the `webhook_deliveries` outbox to partners' endpoints through the one signed sender
 * (Standard Webhooks), in the background of whichever process runs it: a payout never waits on
 * a receiver. As the alerts' sender does: any number of senders share the outbox (`SKIP LOCKED`
 * under a lease), each delivery is marked sent once its receiver answered 2xx (at least once,
 * with the same `webhook-id` on every attempt), and a failed attempt is retried with a doubling
 * delay. Each attempt first passes the SSRF guard, as the endpoint's host may resolve elsewhere
 * by then.
 */
export class WebhookSender {
  readonly #options: Required<WebhookSenderOptions>
  #running: Promise<void> | undefined
  #stopping = false
  readonly #wakeSignal = new WakeSignal()

  constructor(options: WebhookSenderOptions) {
    this.#options = {
      pollIntervalMs: 2000,
      retryBaseMs: 1000,
      retryMaxMs: 5 * 60_000,
      maxAttempts: 10,
      timeoutMs: 10_000,
      ...options,
    }
  }

  start(): void {
    this.#running = this.#loop()
  }

  async stop(): Promise<void> {
    this.#stopping = true
    this.#wakeSignal.signal()
    await this.#running
  }

  async #loop(): Promise<void> {
    const { pollIntervalMs, logger } = this.#options
    while (!this.#stopping) {
      this.#wakeSignal.begin()
      let taken = 0
      try {
        taken = await this.deliverDue()
      } catch (error) {
        logger.error({ err: error }, 'could not deliver partner webhooks; will try again')
      }
      if (taken === BATCH) continue
      await this.#wakeSignal.sleep(pollIntervalMs)
    }
  }

  /** Takes the deliveries due and makes them, one after the other; returns how many it took. */
  async deliverDue(): Promise<number> {
    const { database, timeoutMs, policy } = this.#options
    const due = await database.query<DueDelivery>(
      `UPDATE webhook_deliveries d SET attempts = d.attempts + 1,
              next_attempt_at = now() + make_interval(secs => $2)
         FROM (SELECT w.id FROM webhook_deliveries w
                 JOIN webhook_endpoints e ON e.id = w.endpoint_id AND e.removed_at IS NULL
                WHERE w.sent_at IS NULL AND w.gave_up_at IS NULL AND w.next_attempt_at <= now()
                ORDER BY w.id LIMIT $1 FOR UPDATE OF w SKIP LOCKED) due,
              webhook_endpoints e
        WHERE d.id = due.id AND e.id = d.endpoint_id
        RETURNING d.id::text, d.event, d.data, d.at, d.attempts, e.url, e.secret`,
      [BATCH, LEASE_SECONDS],
    )
    due.sort((a, b) => Number(a.id) - Number(b.id))
    for (const delivery of due) {
      if (this.#stopping) break
      const refused = await refusedDestination(delivery.url, policy)
      const outcome = refused
        ? { ok: false as const, error: `refused destination: ${refused}` }
        : await sendSignedMessage({
            url: delivery.url,
            secret: delivery.secret,
            id: `msg_delivery_${delivery.id}`,
            payload: JSON.stringify({
              type: delivery.event,
              timestamp: new Date(delivery.at).toISOString(),
              data: delivery.data,
            }),
            timeoutMs,
          })
      if (outcome.ok) {
        await database.query(
          'UPDATE webhook_deliveries SET sent_at = now(), last_error = NULL WHERE id = $1',
          [delivery.id],
        )
      } else {
        await this.#failed(delivery, outcome.error, outcome.retryAfterMs)
      }
    }
    return due.length
  }

  async #failed(delivery: DueDelivery, error: string, retryAfterMs?: number): Promise<void> {
    const { database, logger, retryBaseMs, retryMaxMs, maxAttempts } = this.#options
    if (delivery.attempts >= maxAttempts) {
      await database.query(
        'UPDATE webhook_deliveries SET gave_up_at = now(), last_error = $2 WHERE id = $1',
        [delivery.id, error],
      )
      logger.error({ deliveryId: delivery.id, error }, 'partner webhook given up')
      return
    }
    const delayMs = Math.min(
      Math.max(backoffDelay(delivery.attempts, retryBaseMs, retryMaxMs), retryAfterMs ?? 0),
      retryMaxMs,
    )
    await database.query(
      `UPDATE webhook_deliveries SET last_error = $2,
              next_attempt_at = now() + make_interval(secs => $3)
        WHERE id = $1`,
      [delivery.id, error, delayMs / 1000],
    )
    logger.warn({ deliveryId: delivery.id, error }, 'partner webhook not delivered; will retry')
  }
}
