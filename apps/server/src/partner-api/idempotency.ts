import { createHash } from 'node:crypto'
import type { Queryable } from '../db/database.ts'
import { IdempotencyKeyInUse, IdempotencyKeyReused } from './errors.ts'

/**
 * Idempotency as Stripe defines it, kept in the database (`idempotency_keys`) so that any server
 * answers a retry: per API key, an Idempotency-Key is taken by its first request, whose answer
 * (status and body) is stored in the statement of the work itself (make_grant); the same key with
 * the same request gets that answer again, with another request 422 `IDEMPOTENCY_KEY_REUSED`,
 * and while the first is still being handled 409 `IDEMPOTENCY_KEY_IN_USE` (one that reaches the
 * database just after it, as the next of a batch may, gets its answer).
 *
 * A request is handled in one statement unless it must wait on the chain between two: then its
 * key is leased to it (IDEMPOTENCY_LEASE_SECONDS) meanwhile. A request that fails with a fault
 * gives its key back, so its retry runs anew; so does a server that died holding one, once the
 * key's lease is over. One that died in the middle of the statement committed all of it (the
 * work and its answer, which a retry gets) or nothing.
 */

/** An answer as sent, and stored for the retries. */
export interface StoredAnswer {
  status: number
  body: unknown
}

/** The answer a request gets: its own, or (`replayed`) the one its key's first request got. */
export type IdempotentAnswer = StoredAnswer & { replayed: boolean }

/** Whose key it is, the key, what the request asked (see `requestHashOf`), and who holds it. */
export interface IdempotentRequest {
  apiKeyId: string
  key: string
  requestHash: Buffer
  /** this request's, so that the key's lease, once taken, is known as its own */
  lockToken: string
}

/** What the database made of a request under its key: an answer, or why there is none. */
export interface KeyOutcome {
  status: number | null
  body: unknown
  replayed: boolean
  refusal: 'in_use' | 'reused' | null
}

/** The hash that tells a retry from another request under the same key. */
export function requestHashOf(route: string, request: unknown): Buffer {
  return createHash('sha256')
    .update(JSON.stringify([route, request]))
    .digest()
}

/** The answer to send, or the refusal to throw when the key is another request's. */
export function answerOf(outcome: KeyOutcome): IdempotentAnswer {
  if (outcome.refusal === 'reused') throw new IdempotencyKeyReused()
  if (outcome.refusal === 'in_use' || outcome.status === null) throw new IdempotencyKeyInUse()
  return { status: outcome.status, body: outcome.body, replayed: outcome.replayed }
}

/** Gives a key leased to `request` back, unanswered, so that its retry runs anew. */
export async function giveBackKey(db: Queryable, request: IdempotentRequest): Promise<void> {
  await db.query(
    'DELETE FROM idempotency_keys WHERE api_key_id = $1 AND key = $2 AND lock_token = $3',
    [request.apiKeyId, request.key, request.lockToken],
  )
}

/** Forgets keys older than `days`, answered or not. */
export async function pruneIdempotencyKeys(db: Queryable, days: number): Promise<void> {
  await db.query(
    'DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(days => $1)',
    [days],
  )
}
