import type { Database } from '../db/database.ts'
import { changeHubOf, type StopListening } from '../events/hub.ts'
import { alertDeliveries } from '../metrics/instruments.ts'
import { sendSignedMessage } from '../outbound/signed-sender.ts'
import type { WorkerLogger } from '../worker/reward-worker.ts'
import { backoffDelay, WakeSignal } from '../worker/wake-signal.ts'
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

// Alerts taken per look; more are taken at once if there were that many.
const BATCH = 20
// An alert taken by a sender that died is taken again by another after this long.
const LEASE_SECONDS = 60
// An alert not sent within a day (no webhook was set then) is stale news: it is given up.
const FRESH_HOURS = 24
const KEEP_DAYS = 7

/**
 * Delivers the `alerts` outbox to the operators' webhook, signed (Standard Webhooks), oldest
 * first, in the background of whichever process runs it: nothing waits on a receiver, least of
 * all a payout.
 * Any number of senders share the outbox: each alert is taken by one (`SKIP LOCKED`) for a lease,
 * and marked sent when its receiver answered 2xx. A sender that dies between the answer and the
 * mark leaves it to be sent again after the lease: alerts are delivered at least once, rarely
 * twice, and their `webhook-id` lets a receiver tell. A failed attempt is retried with a doubling
 * delay, signed anew with its own time.
 */
export class AlertSender {
  readonly #options: Required<AlertSenderOptions>
  #running: Promise<void> | undefined
  #stopping = false
  readonly #wakeSignal = new WakeSignal()
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
  }

  async start(): Promise<void> {
    // An alert written by any process (functions/09_announce_alert.sql) wakes this sender.
    this.#stopListening = await changeHubOf(this.#options.database).listen((change) => {
      if (change.kind === 'alert') this.#wakeSignal.signal()
    })
    this.#running = this.#loop()
  }

  /** Stops taking alerts; an alert being sent is finished (or left to its lease). */
  async stop(): Promise<void> {
    this.#stopping = true
    this.#wakeSignal.signal()
    await this.#running
    await this.#stopListening?.().catch(() => undefined)
  }

  async #loop(): Promise<void> {
    const { pollIntervalMs, logger } = this.#options
    while (!this.#stopping) {
      this.#wakeSignal.begin()
      let taken = 0
      try {
        taken = await this.deliverDue()
        await this.#prune()
      } catch (error) {
        logger.error({ err: error }, 'could not deliver alerts; will try again')
      }
      if (taken === BATCH) continue
      await this.#wakeSignal.sleep(pollIntervalMs)
    }
  }

  /** Takes the alerts due and sends them, one after the other; returns how many it took. */
  async deliverDue(): Promise<number> {
    const { database, url, secret, productName, logger, timeoutMs } = this.#options
    const due = await database.query<StoredAlert & { attempts: number }>(
      `UPDATE alerts a SET attempts = a.attempts + 1,
              next_attempt_at = now() + make_interval(secs => $2)
         FROM (SELECT id FROM alerts
                WHERE sent_at IS NULL AND gave_up_at IS NULL AND next_attempt_at <= now()
                  AND at > now() - make_interval(hours => $3)
                ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) due
        WHERE a.id = due.id
        RETURNING a.id::text, a.event, a.data, a.at, a.attempts`,
      [BATCH, LEASE_SECONDS, FRESH_HOURS],
    )
    due.sort((a, b) => Number(a.id) - Number(b.id))
    for (const alert of due) {
      // Those not sent yet are left to their lease: another sender, or this one restarted.
      if (this.#stopping) break
      const stored = { ...alert, at: new Date(alert.at) }
      const summary = summarizeAlert(alert.event, alert.data)
      const delivery = await sendSignedMessage({
        url,
        secret,
        id: alertMessageId(stored),
        payload: alertBody(stored, summary, productName),
        timeoutMs,
      })
      if (delivery.ok) {
        await database.query('UPDATE alerts SET sent_at = now(), last_error = NULL WHERE id = $1', [
          alert.id,
        ])
        alertDeliveries.inc({ event: alert.event, outcome: 'sent' })
        continue
      }
      await this.#failed(alert, delivery.error, delivery.retryAfterMs)
      logger.warn(
        { alertId: alert.id, event: alert.event, attempts: alert.attempts, error: delivery.error },
        'alert not delivered; will retry',
      )
    }
    return due.length
  }

  async #failed(
    alert: { id: string; event: string; attempts: number },
    error: string,
    retryAfterMs: number | undefined,
  ): Promise<void> {
    const { database, logger, retryBaseMs, retryMaxMs, maxAttempts } = this.#options
    if (alert.attempts >= maxAttempts) {
      await database.query('UPDATE alerts SET gave_up_at = now(), last_error = $2 WHERE id = $1', [
        alert.id,
        error,
      ])
      alertDeliveries.inc({ event: alert.event, outcome: 'given_up' })
      logger.error(
        { alertId: alert.id, event: alert.event, attempts: alert.attempts, error },
        'alert given up: the webhook did not take it',
      )
      return
    }
    const backoffMs = backoffDelay(alert.attempts, retryBaseMs, retryMaxMs)
    const delayMs = Math.min(Math.max(backoffMs, retryAfterMs ?? 0), retryMaxMs)
    await database.query(
      `UPDATE alerts SET last_error = $2, next_attempt_at = now() + make_interval(secs => $3)
        WHERE id = $1`,
      [alert.id, error, delayMs / 1000],
    )
    alertDeliveries.inc({ event: alert.event, outcome: 'retrying' })
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
