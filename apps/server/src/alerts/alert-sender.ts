import type { Database } from '../db/database.ts'
import { changeHubOf, type StopListening } from '../events/hub.ts'
import { alertDeliveries } from '../metrics/instruments.ts'
import { type Outbox, OutboxRunner } from '../outbound/outbox-runner.ts'
import { sendSignedMessage } from '../outbound/signed-sender.ts'
import type { WorkerLogger } from '../worker/reward-worker.ts'
import { alertBody, alertMessageId, type StoredAlert } from './alert-body.ts'
import { summarizeAlert } from './alert-events.ts'

export interface AlertSenderOptions {
  database: Database
  /** ALERT_WEBHOOK_URL */
  url: string
  /** ALERT_WEBHOOK_SECRET, in either form `signingKeyOf` takes */
  secret: string
  productName: string
  logger: WorkerLogger
  /** how often to look for alerts due when no notification wakes the sender */
  pollIntervalMs?: number
  /** the first retry's delay; each later one doubles, up to `retryMaxMs` */
  retryBaseMs?: number
  retryMaxMs?: number
  /** attempts before an alert is given up (logged, kept a week for a look) */
  maxAttempts?: number
  /** how long one POST may take */
  timeoutMs?: number
}

// An alert not sent within a day (no webhook was set then) is stale news: it is given up.
const FRESH_HOURS = 24
const KEEP_DAYS = 7

type DueAlert = StoredAlert & { attempts: number }

/**
 * Delivers the `alerts` outbox to the operators' webhook, signed (Standard Webhooks), oldest
 * first, through the outboxes' one runner (outbound/outbox-runner.ts): at least once, rarely
 * twice, each attempt signed anew with its own time under the alert's `webhook-id`, retried with
 * a doubling delay, in the background of whichever process runs it. An alert written by any
 * process wakes it at once.
 */
export class AlertSender {
  readonly #options: Required<AlertSenderOptions>
  readonly #runner: OutboxRunner<DueAlert>
  #stopListening: StopListening | undefined
  #prunedAt = 0

  constructor(options: AlertSenderOptions) {
    this.#options = {
      pollIntervalMs: 5000,
      retryBaseMs: 1000,
      retryMaxMs: 5 * 60_000,
      maxAttempts: 10,
      timeoutMs: 10_000,
      ...options,
    }
    const { database, url, secret, productName, logger, timeoutMs } = this.#options
    const outbox: Outbox<DueAlert> = {
      take: (limit, leaseSeconds) =>
        database.query<DueAlert>(
          `UPDATE alerts a SET attempts = a.attempts + 1,
                  next_attempt_at = now() + make_interval(secs => $2)
             FROM (SELECT id FROM alerts
                    WHERE sent_at IS NULL AND gave_up_at IS NULL AND next_attempt_at <= now()
                      AND at > now() - make_interval(hours => $3)
                    ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) due
            WHERE a.id = due.id
            RETURNING a.id::text, a.event, a.data, a.at, a.attempts`,
          [limit, leaseSeconds, FRESH_HOURS],
        ),
      send: (alert) => {
        const stored = { ...alert, at: new Date(alert.at) }
        return sendSignedMessage({
          url,
          secret,
          id: alertMessageId(stored),
          payload: alertBody(stored, summarizeAlert(alert.event, alert.data), productName),
          timeoutMs,
        })
      },
      sent: async (alert) => {
        await database.query('UPDATE alerts SET sent_at = now(), last_error = NULL WHERE id = $1', [
          alert.id,
        ])
        alertDeliveries.inc({ event: alert.event, outcome: 'sent' })
      },
      retryLater: async (alert, error, delayMs) => {
        await database.query(
          `UPDATE alerts SET last_error = $2, next_attempt_at = now() + make_interval(secs => $3)
            WHERE id = $1`,
          [alert.id, error, delayMs / 1000],
        )
        alertDeliveries.inc({ event: alert.event, outcome: 'retrying' })
        logger.warn(
          { alertId: alert.id, event: alert.event, attempts: alert.attempts, error },
          'alert not delivered; will retry',
        )
      },
      giveUp: async (alert, error) => {
        await database.query(
          'UPDATE alerts SET gave_up_at = now(), last_error = $2 WHERE id = $1',
          [alert.id, error],
        )
        alertDeliveries.inc({ event: alert.event, outcome: 'given_up' })
        logger.error(
          { alertId: alert.id, event: alert.event, attempts: alert.attempts, error },
          'alert given up: the webhook did not take it',
        )
      },
      prune: () => this.#prune(),
    }
    this.#runner = new OutboxRunner(outbox, {
      logger,
      name: 'alerts',
      pollIntervalMs: this.#options.pollIntervalMs,
      retryBaseMs: this.#options.retryBaseMs,
      retryMaxMs: this.#options.retryMaxMs,
      maxAttempts: this.#options.maxAttempts,
    })
  }

  async start(): Promise<void> {
    // An alert written by any process (functions/09_announce_alert.sql) wakes this sender.
    this.#stopListening = await changeHubOf(this.#options.database).listen((change) => {
      if (change.kind === 'alert') this.#runner.wake()
    })
    this.#runner.start()
  }

  /** Stops taking alerts; an alert being sent is finished (or left to its lease). */
  async stop(): Promise<void> {
    await this.#runner.stop()
    await this.#stopListening?.().catch(() => undefined)
  }

  /** Takes the alerts due and sends them, one after the other; returns how many it took. */
  deliverDue(): Promise<number> {
    return this.#runner.deliverDue()
  }

  /** Forgets alerts settled a week ago, and gives up those too old to be news. */
  async #prune(): Promise<void> {
    if (Date.now() - this.#prunedAt < 3_600_000) return
    this.#prunedAt = Date.now()
    await this.#options.database.query(
      `WITH stale AS (
         UPDATE alerts SET gave_up_at = now(), last_error = 'stale: not sent within a day'
          WHERE sent_at IS NULL AND gave_up_at IS NULL AND at <= now() - make_interval(hours => $1))
       DELETE FROM alerts WHERE coalesce(sent_at, gave_up_at) < now() - make_interval(days => $2)`,
      [FRESH_HOURS, KEEP_DAYS],
    )
  }
}
