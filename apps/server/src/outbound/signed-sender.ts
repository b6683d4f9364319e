import { Webhook } from 'standardwebhooks'
import type { Dispatcher } from 'undici'

/** One message for a receiver that checks Standard Webhooks signatures. */
export interface SignedMessage {
  /** where it is POSTed; it may hold the receiver's token (Slack's and Discord's do) */
  url: string
  /** the receiver's secret, in either form `signingKeyOf` takes */
  secret: string
  /** `webhook-id`: the same on every attempt of one message, so the receiver drops a repeat */
  id: string
  /** the JSON body, signed as exactly these bytes */
  payload: string
  /** how long one attempt may take */
  timeoutMs: number
  /** where it may connect: the SSRF guard's agent for a URL someone else named (guardedAgent) */
  dispatcher?: Dispatcher
}

/** What one attempt came to; `retryAfterMs` when the receiver asked to wait (429). */
export type Delivery = { ok: true } | { ok: false; error: string; retryAfterMs?: number }

const SPEC_PREFIX = 'whsec_'
// The specification's lower bound for a key; the other form keeps its earlier rule.
const MIN_SPEC_KEY_BYTES = 24
const MIN_TEXT_SECRET_LENGTH = 16
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/**
 * The key a secret stands for. The specification's form is `whsec_` and the key in base64. Any
 * other text (the form secrets had before deliveries followed the specification) is the key as
 * its UTF-8 bytes, so it keeps working unchanged on the sending side; its receivers' form is
 * `whsec_` and the base64 of those bytes. Throws a RangeError naming what is wrong.
 */
export function signingKeyOf(secret: string): Uint8Array {
  if (!secret.startsWith(SPEC_PREFIX)) {
    if (secret.length < MIN_TEXT_SECRET_LENGTH) {
      throw new RangeError(
        `a secret is ${SPEC_PREFIX} and base64, or at least ${MIN_TEXT_SECRET_LENGTH} characters`,
      )
    }
    return new Uint8Array(Buffer.from(secret, 'utf8'))
  }
  const encoded = secret.slice(SPEC_PREFIX.length)
  // Node's decoder skips what is not base64; receivers' libraries refuse it, so refuse it here.
  const key = BASE64.test(encoded) ? Buffer.from(encoded, 'base64') : undefined
  if (!key || key.length < MIN_SPEC_KEY_BYTES) {
    throw new RangeError(
      `a ${SPEC_PREFIX} secret is followed by the base64 (padded) of at least ${MIN_SPEC_KEY_BYTES} bytes`,
    )
  }
  return new Uint8Array(key)
}

/**
 * The headers of one attempt, made now, to POST `payload` (JSON) as message `id`, signed with
 * `secret` as Standard Webhooks sign them (see sendSignedMessage).
 */
export function signedHeaders(secret: string, id: string, payload: string): Record<string, string> {
  const attemptedAt = new Date()
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(attemptedAt.getTime() / 1000)),
    'webhook-signature': new Webhook(signingKeyOf(secret), { format: 'raw' }).sign(
      id,
      attemptedAt,
      payload,
    ),
  }
}

/**
 * POSTs one message signed as Standard Webhooks sign them: `webhook-signature` covers the id, the
 * time of this attempt (`webhook-timestamp`) and the body, so a delivery captured and sent again
 * later is refused by its receiver once outside their tolerance (the libraries' is 5 minutes),
 * and a copy inside it has the id the receiver already took. Any answer but a 2xx is a failure
 * for the caller to retry, with the same id.
 */
export async function sendSignedMessage(message: SignedMessage): Promise<Delivery> {
  const { url, secret, id, payload, timeoutMs, dispatcher } = message
  try {
    const { fetch } = await import('undici')
    const response = await fetch(url, {
      dispatcher,
      method: 'POST',
      headers: signedHeaders(secret, id, payload),
      body: payload,
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
    // The URL itself may hold the receiver's token: never the URL.
    const cause = error instanceof Error && (error.cause as { code?: unknown } | undefined)?.code
    const name = error instanceof Error ? error.name : 'request failed'
    return { ok: false, error: typeof cause === 'string' ? `${name} (${cause})` : name }
  }
}
