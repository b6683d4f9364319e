import type { Database } from '../db/database.ts'
import {
  type AddressPolicy,
  guardedAgentOnDemand,
  refusedDestination,
} from '../outbound/address-guard.ts'
import { type Outbox, OutboxRunner } from '../outbound/outbox-runner.ts'
import { sendSignedMessage } from '../outbound/signed-sender.ts'
import type { WorkerLogger } from '../worker/reward-worker.ts'

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
 * (Standard Webhooks) and the outboxes' one runner (outbound/outbox-runner.ts), as the alerts
 * are: at least once, with the same `webhook-id` on every attempt, retried with a doubling
 * delay, never holding up a payout. Each attempt first passes the SSRF guard, as the endpoint's
 * host may resolve elsewhere by then; a removed endpoint's deliveries are not taken.
 */
export class WebhookSender {
  readonly #runner: OutboxRunner<DueDelivery>

  constructor(options: WebhookSenderOptions) {
    const { database, logger, policy, timeoutMs = 10_000 } = options
    const agent = guardedAgentOnDemand(policy)
    const outbox: Outbox<DueDelivery> = {
      take: (limit, leaseSeconds) =>
        database.query<DueDelivery>(
          `UPDATE webhook_deliveries d SET attempts = d.attempts + 1,
                  next_attempt_at = now() + make_interval(secs => $2)
             FROM (SELECT w.id FROM webhook_deliveries w
                     JOIN webhook_endpoints e ON e.id = w.endpoint_id AND e.removed_at IS NULL
                    WHERE w.sent_at IS NULL AND w.gave_up_at IS NULL AND w.next_attempt_at <= now()
                    ORDER BY w.id LIMIT $1 FOR UPDATE OF w SKIP LOCKED) due,
                  webhook_endpoints e
            WHERE d.id = due.id AND e.id = d.endpoint_id
            RETURNING d.id::text, d.event, d.data, d.at, d.attempts, e.url, e.secret`,
          [limit, leaseSeconds],
        ),
      send: async (delivery) => {
        const refused = await refusedDestination(delivery.url, policy)
        if (refused) return { ok: false, error: `refused destination: ${refused}` }
        return sendSignedMessage({
          url: delivery.url,
          secret: delivery.secret,
          id: `msg_delivery_${delivery.id}`,
          payload: JSON.stringify({
            type: delivery.event,
            timestamp: new Date(delivery.at).toISOString(),
            data: delivery.data,
          }),
          timeoutMs,
          dispatcher: await agent(),
        })
      },
      sent: async (delivery) => {
        await database.query(
          'UPDATE webhook_deliveries SET sent_at = now(), last_error = NULL WHERE id = $1',
          [delivery.id],
        )
      },
      retryLater: async (delivery, error, delayMs) => {
        await database.query(
          `UPDATE webhook_deliveries SET last_error = $2,
                  next_attempt_at = now() + make_interval(secs => $3)
            WHERE id = $1`,
          [delivery.id, error, delayMs / 1000],
        )
        logger.warn({ deliveryId: delivery.id, error }, 'partner webhook not delivered; will retry')
      },
      giveUp: async (delivery, error) => {
        await database.query(
          'UPDATE webhook_deliveries SET gave_up_at = now(), last_error = $2 WHERE id = $1',
          [delivery.id, error],
        )
        logger.error({ deliveryId: delivery.id, error }, 'partner webhook given up')
      },
    }
    this.#runner = new OutboxRunner(outbox, {
      logger,
      name: 'partner webhooks',
      pollIntervalMs: options.pollIntervalMs ?? 2000,
      retryBaseMs: options.retryBaseMs ?? 1000,
      retryMaxMs: options.retryMaxMs ?? 5 * 60_000,
      maxAttempts: options.maxAttempts ?? 10,
    })
  }

  start(): void {
    this.#runner.start()
  }

  stop(): Promise<void> {
    return this.#runner.stop()
  }

  /** Takes the deliveries due and makes them, one after the other; returns how many it took. */
  deliverDue(): Promise<number> {
    return this.#runner.deliverDue()
  }
}
