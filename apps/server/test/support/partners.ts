import { randomUUID } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { Webhook } from 'standardwebhooks'
import type { App } from '../../src/app.ts'

/** A partner's POST to `/api/v1/<path>` with its key's secret, under an Idempotency-Key. */
export function partnerPost(
  app: App,
  secret: string,
  path: 'grants' | 'claim-links',
  body: Record<string, unknown>,
  idempotencyKey: string = randomUUID(),
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/${path}`,
    headers: {
      authorization: `Bearer ${secret}`,
      'idempotency-key': idempotencyKey,
      'content-type': 'application/json',
    },
    payload: body,
  })
}

/** A delivery as a receiver verifies it with `standardwebhooks` (throws if forged or stale). */
export function verifiedDelivery(
  secret: string,
  delivery: { headers: IncomingHttpHeaders; body: string },
) {
  return new Webhook(secret).verify(delivery.body, {
    'webhook-id': String(delivery.headers['webhook-id']),
    'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
    'webhook-signature': String(delivery.headers['webhook-signature']),
  }) as { type: string; data: Record<string, unknown> }
}
