import { createHmac } from 'node:crypto'

/** The header holding the body's signature: HMAC-SHA256 with ALERT_WEBHOOK_SECRET, in hex. */
export const SIGNATURE_HEADER = 'X-Fernwood-Signature'

/** An alert as the outbox holds it. */
export interface StoredAlert {
  id: string
  event: string
  data: Record<string, unknown>
  at: Date
}

/**
 * The JSON an alert is POSTed as. Slack's incoming webhooks show `text` and Discord's `content`
 * (each ignores the other's, and both ignore the rest); any other receiver reads `event`, `data`
 * and `at`, and `id`, the same on every retry, to drop an alert it was sent twice.
 */
export function alertBody(alert: StoredAlert, summary: string, productName: string): string {
  const line = `${productName}: ${summary}`
  return JSON.stringify({
    id: alert.id,
    event: alert.event,
    text: line,
    content: line,
    data: alert.data,
    at: alert.at.toISOString(),
  })
}

/** The signature of exactly these bytes: receivers compute it over the raw body they received. */
export function signAlert(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex')
}

/** What one delivery attempt came to; `retryAfterMs` when the receiver asked to wait (429). */
export type Delivery = { ok: true } | { ok: false; error: string; retryAfterMs?: number }

/** POSTs one signed body to the receiver; any answer but a 2xx is a failure to retry. */
export async function postAlert(
  url: string,
  secret: string,
  body: string,
  timeoutMs: number,
): Promise<Delivery> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signAlert(body, secret) },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    })
    await response.body?.cancel()
    if (response.ok) return { ok: true }
    const retryAfter = Number(response.headers.get('retry-after'))
    return {
      ok: false,
      error: `HTTP ${response.status}`,
      ...(Number.isFinite(retryAfter) && retryAfter > 0 && { retryAfterMs: retryAfter * 1000 }),
    }
  } catch (error) {
    // The URL itself may hold the receiver's token (Slack's and Discord's do): never the URL.
    const cause = error instanceof Error && (error.cause as { code?: unknown } | undefined)?.code
    const name = error instanceof Error ? error.name : 'request failed'
    return { ok: false, error: typeof cause === 'string' ? `${name} (${cause})` : name }
  }
}
