import type { WebhookDelivery } from '@fernwood/protocol/partners'
import { iso, type Operator } from '../admin/operations.ts'
import { audit } from '../audit/audit-log.ts'
import type { Database, Queryable } from '../db/database.ts'
import { WebhookDeliveryNotFound, WebhookEndpointNotFound } from './errors.ts'

/**
 * What the console shows of an endpoint's outbox (`webhook_deliveries`), and an operator's
 * 'Redeliver': the delivery is due again at once, with a fresh round of attempts, and the
 * sender makes it under its same `webhook-id`, so a receiver that had it already drops it.
 */

// The console lists the latest ones; failed ones first, however old, up to this many in all.
const LISTED = 100

interface DeliveryRow {
  id: string
  event: string
  reward_id: string
  attempts: number
  at: Date
  next_attempt_at: Date
  sent_at: Date | null
  gave_up_at: Date | null
  last_error: string | null
}

const stateOf = (row: DeliveryRow): WebhookDelivery['state'] => {
  if (row.sent_at !== null) return 'sent'
  if (row.gave_up_at !== null) return 'failed'
  return row.attempts > 0 ? 'retrying' : 'pending'
}

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  event: row.event,
  rewardId: row.reward_id,
  state: stateOf(row),
  attempts: row.attempts,
  at: new Date(row.at).toISOString(),
  nextAttemptAt: row.sent_at === null && row.gave_up_at === null ? iso(row.next_attempt_at) : null,
  sentAt: iso(row.sent_at),
  lastError: row.last_error,
})

/** An endpoint's deliveries: given up first, then those refused and awaiting a retry, newest first. */
export async function listDeliveries(
  db: Queryable,
  endpointId: string,
): Promise<WebhookDelivery[]> {
  const [endpoint] = await db.query('SELECT 1 FROM webhook_endpoints WHERE id = $1', [endpointId])
  if (!endpoint) throw new WebhookEndpointNotFound(endpointId)
  const rows = await db.query<DeliveryRow>(
    `SELECT id::text, event, reward_id, attempts, at, next_attempt_at, sent_at, gave_up_at,
            last_error
       FROM webhook_deliveries
      WHERE endpoint_id = $1
      ORDER BY gave_up_at IS NULL, (sent_at IS NULL AND attempts > 0) DESC, at DESC, id DESC
      LIMIT $2`,
    [endpointId, LISTED],
  )
  return rows.map(toDelivery)
}

/** Makes a delivery due now, whatever became of it; audited. */
export async function redeliver(
  database: Database,
  operator: Operator,
  input: { id: string; deliveryId: string },
): Promise<WebhookDelivery> {
  return database.transaction(async (tx) => {
    const [row] = await tx.query<DeliveryRow>(
      `UPDATE webhook_deliveries
          SET attempts = 0, next_attempt_at = now(), sent_at = NULL, gave_up_at = NULL
        WHERE endpoint_id = $1 AND id = $2
       RETURNING id::text, event, reward_id, attempts, at, next_attempt_at, sent_at, gave_up_at,
                 last_error`,
      [input.id, input.deliveryId],
    )
    if (!row) throw new WebhookDeliveryNotFound(input.deliveryId)
    await audit(tx, operator, 'webhook.redelivered', input.id, { delivery: input.deliveryId })
    return toDelivery(row)
  })
}
