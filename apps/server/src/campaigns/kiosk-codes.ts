import type { Queryable } from '../db/database.ts'
import { generateUniqueCode } from './codes.ts'

/** A kiosk's code and when it is replaced at the latest. */
export interface KioskCode {
  code: string
  until: Date
}

// How long past its time a kiosk code is left to its own kiosk before another retires it.
const LEFTOVER_GRACE = '1 minute'

/** Takes `code`'s use away, if it still has one: a replaced kiosk code is worth nothing. */
export async function retireKioskCode(db: Queryable, code: string): Promise<void> {
  await db.query('UPDATE codes SET uses_left = 0 WHERE code = $1 AND uses_left > 0', [code])
}

/**
 * A fresh one-use code of campaign `slug`, shown for `seconds` at most, in place of `replacing`
 * (retired with it, as is any code a stopped kiosk left behind). Run in `tx`, so a kiosk never
 * shows a code whose predecessor is still usable.
 */
export async function replaceKioskCode(
  tx: Queryable,
  slug: string,
  replacing: string | null,
  seconds: number,
): Promise<KioskCode> {
  const [{ id }] = await tx.query<{ id: number }>('SELECT id FROM campaigns WHERE slug = $1', [
    slug,
  ])
  await tx.query(
    `UPDATE codes SET uses_left = 0
      WHERE campaign_id = $1 AND kiosk_until IS NOT NULL AND uses_left > 0
        AND (code = $2 OR kiosk_until < now() - $3::interval)`,
    [id, replacing, LEFTOVER_GRACE],
  )
  for (;;) {
    const code = generateUniqueCode(slug.slice(0, 20))
    const [made] = await tx.query<{ until: Date }>(
      `INSERT INTO codes (code, campaign_id, uses_left, kiosk_until)
       VALUES ($1, $2, 1, now() + make_interval(secs => $3))
       ON CONFLICT (code) DO NOTHING RETURNING kiosk_until AS until`,
      [code, id, seconds],
    )
    if (made) return { code, until: new Date(made.until) }
  }
}

/** Whether `code` was claimed (or retired): no use left, or gone. */
export async function isKioskCodeSpent(db: Queryable, code: string): Promise<boolean> {
  const [row] = await db.query<{ uses_left: number | null }>(
    'SELECT uses_left FROM codes WHERE code = $1',
    [code],
  )
  return !row || row.uses_left === 0
}
