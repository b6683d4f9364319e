import { randomInt } from 'node:crypto'
import type { Queryable } from '../db/database.ts'

// Letters and digits people do not confuse when they type a printed code.
const UNIQUE_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** A fresh unique code for printing, e.g. `spring-7kq2-mx9d-ht4p` for campaign `spring`. */
export function generateUniqueCode(prefix: string): string {
  const group = () =>
    Array.from(
      { length: 4 },
      () => UNIQUE_CODE_ALPHABET[randomInt(UNIQUE_CODE_ALPHABET.length)],
    ).join('')
  return `${prefix}-${group()}-${group()}-${group()}`
}

/**
 * Adds `codes` to a unique campaign as codes of one generation (null: a partner's claim links,
 * made at once), each usable once and refused as ended after `expiresAt` when given, and returns
 * those added: one statement for the lot. A code
 * that exists already (a chance of one in 31^12 per pair) is skipped rather than failing the
 * others; the caller makes another in its place.
 */
export async function addGeneratedCodes(
  tx: Queryable,
  campaignId: number,
  generationId: string | null,
  codes: string[],
  expiresAt: string | null = null,
): Promise<number> {
  const [{ added }] = await tx.query<{ added: number }>(
    `WITH added AS (
       INSERT INTO codes (code, campaign_id, uses_left, generation_id, expires_at)
       SELECT code, $2, 1, $3, $4 FROM unnest($1::text[]) AS code
       ON CONFLICT (code) DO NOTHING RETURNING 1)
     SELECT count(*)::int AS added FROM added`,
    [codes, campaignId, generationId, expiresAt],
  )
  return added
}

/** A generation's codes in code order, `pageSize` at a time: a download holds one page. */
export async function* codesOfGeneration(
  db: Queryable,
  id: string,
  pageSize: number,
): AsyncGenerator<string[]> {
  let after = ''
  for (;;) {
    const rows = await db.query<{ code: string }>(
      `SELECT code FROM codes WHERE generation_id = $1 AND code > $2 ORDER BY code LIMIT $3`,
      [id, after, pageSize],
    )
    if (rows.length === 0) return
    yield rows.map((row) => row.code)
    after = rows[rows.length - 1].code
  }
}

/** Splits an Antelope asset such as '10.0000 FERN' into the history's amount and token. */
export function splitQuantity(quantity: string): { amount: string; token: string } {
  const [amount, token] = quantity.split(' ')
  return { amount, token }
}
