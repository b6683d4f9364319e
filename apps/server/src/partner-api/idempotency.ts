import { createHash, randomUUID } from 'node:crypto'
import type { Database, Queryable } from '../db/database.ts'
import { IdempotencyKeyInUse, IdempotencyKeyReused } from './errors.ts'

/**
 * Idempotency as Stripe defines it, kept in the database (`idempotency_keys`) so that any server
 * answers a retry: per API key, an Idempotency-Key is taken by its first request, whose answer
 * (status and body) is stored in the transaction of the work itself; the same key with the same
 * request gets that answer again, with another request 422 `IDEMPOTENCY_KEY_REUSED`, and while
 * the first is still being handled 409 `IDEMPOTENCY_KEY_IN_USE`. A request that fails with a
 * fault (nothing committed) gives its key back, so its retry runs anew; so does a server that
 * died holding one, once the key's lease is over.
 */

/** An answer as sent, and stored for the retries. */
export interface StoredAnswer {
  status: number
  body: unknown
}

/** Whose key it is, the key, and what the request asked (see `requestHashOf`). */
export interface IdempotentRequest {
  apiKeyId: string
  key: string
  requestHash: Buffer
}

/**
 * A refusal decided by the work itself (the catalogue refused a grant): its transaction is rolled
 * back, and its answer stored as the key's, since a retry would be refused the same.
 */
export class FinalRefusal extends Error {
  constructor(readonly answer: StoredAnswer) {
    super(`refused with ${answer.status}`)
  }
}

// A request still holds its key after this long only if its server died with it.
const LEASE_SECONDS = 60

/** The hash that tells a retry from another request under the same key. */
export function requestHashOf(route: string, request: unknown): Buffer {
  return createHash('sha256')
    .update(JSON.stringify([route, request]))
    .digest()
}

/**
 * Runs `work` once per Idempotency-Key, in a transaction that also stores its answer; answers a
 * retry with the stored answer (`replayed`). What `prepare` reads for it (the chain, which no
 * transaction should wait on) is read once the key is taken, before the transaction.
 */
export async function idempotently<Prepared>(
  database: Database,
  request: IdempotentRequest,
  prepare: () => Promise<Prepared>,
  work: (tx: Queryable, prepared: Prepared) => Promise<StoredAnswer>,
): Promise<StoredAnswer & { replayed: boolean }> {
  const token = randomUUID()
  const stored = await takeKey(database, request, token)
  if (stored) return { ...stored, replayed: true }
  const mine = [request.apiKeyId, request.key, token]
  try {
    const prepared = await prepare()
    const answer = await database.transaction(async (tx) => {
      const [held] = await tx.query(
        `SELECT 1 FROM idempotency_keys WHERE api_key_id = $1 AND key = $2 AND lock_token = $3
            FOR UPDATE`,
        mine,
      )
      // Another request took it over after this one's lease: that one answers.
      if (!held) throw new IdempotencyKeyInUse()
      const done = await work(tx, prepared)
      await storeAnswer(tx, mine, done)
      return done
    })
    return { ...answer, replayed: false }
  } catch (error) {
    if (error instanceof FinalRefusal) {
      await storeAnswer(database, mine, error.answer)
      return { ...error.answer, replayed: false }
    }
    await database.query(
      'DELETE FROM idempotency_keys WHERE api_key_id = $1 AND key = $2 AND lock_token = $3',
      mine,
    )
    throw error
  }
}

/** Forgets keys older than `days`, answered or not. */
export async function pruneIdempotencyKeys(db: Queryable, days: number): Promise<void> {
  await db.query(
    'DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(days => $1)',
    [days],
  )
}

/**
 * Takes the key for this request (undefined), or says what a retry gets: the stored answer, or a
 * refusal. One statement takes a new key or one whose holder's lease is over.
 */
async function takeKey(
  database: Database,
  request: IdempotentRequest,
  token: string,
): Promise<StoredAnswer | undefined> {
  const { apiKeyId, key, requestHash } = request
  const [taken] = await database.query(
    `INSERT INTO idempotency_keys AS i (api_key_id, key, request_hash, lock_token, locked_until)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))
     ON CONFLICT (api_key_id, key) DO UPDATE
        SET lock_token = EXCLUDED.lock_token, locked_until = EXCLUDED.locked_until
      WHERE i.response_status IS NULL AND i.locked_until <= now()
        AND i.request_hash = EXCLUDED.request_hash
     RETURNING 1`,
    [apiKeyId, key, requestHash, token, LEASE_SECONDS],
  )
  if (taken) return undefined
  const [row] = await database.query<{
    request_hash: Buffer
    response_status: number | null
    response_body: unknown
  }>(
    `SELECT request_hash, response_status, response_body FROM idempotency_keys
      WHERE api_key_id = $1 AND key = $2`,
    [apiKeyId, key],
  )
  // Answered and pruned, or given back, in between: as good as in use a moment ago.
  if (!row) throw new IdempotencyKeyInUse()
  if (!Buffer.from(row.request_hash).equals(requestHash)) throw new IdempotencyKeyReused()
  if (row.response_status === null) throw new IdempotencyKeyInUse()
  return { status: row.response_status, body: row.response_body }
}

async function storeAnswer(db: Queryable, mine: string[], answer: StoredAnswer): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys
        SET lock_token = NULL, locked_until = NULL, response_status = $4, response_body = $5
      WHERE api_key_id = $1 AND key = $2 AND lock_token = $3`,
    [...mine, answer.status, JSON.stringify(answer.body)],
  )
}
