import type { Database } from '../db/database.ts'
import { statementBatches } from '../db/statement-batches.ts'

/** Where a key stands in its current window. */
export interface WindowCount {
  /** hits in the window, this one included */
  hits: number
  /** milliseconds until the window ends and the count starts over */
  msLeft: number
}

/** One hit on one key, counted in windows of `windowMs`, always its limit's for a key. */
export interface Hit {
  key: string
  windowMs: number
}

/**
 * Counts hits per key in fixed windows: a window of `windowMs` opens at a key's first hit and
 * every hit until it ends counts in it. The one store behind every rate limit.
 */
export interface HitCounter {
  /**
   * Counts one hit on each of the (distinct) keys at once, in one database round trip, and says
   * where each now stands, in the order given.
   */
  hit(hits: readonly Hit[]): Promise<WindowCount[]>
  /** Takes back one hit counted on `key` in its current window (a lockout's attempt that succeeded). */
  takeBack(key: string): Promise<void>
  /** Forgets windows that have ended. */
  sweep(): Promise<void>
}

/**
 * The counter of a database's servers, kept in the database (`count_hits`, in `db/functions`):
 * on PostgreSQL every server counts together, and the clock is the database's, so they also agree
 * on when windows end. The code submission counts its limits in its own statement, through the
 * same function. Requests counting at once are counted in one statement (`statementBatches`):
 * every hit on one key (a partner's, counting all its requests) took that key's row in turn,
 * each holding it through its own commit.
 */
export function hitCounterFor(database: Database): HitCounter {
  const count = statementBatches<readonly Hit[], WindowCount[]>(database, async (requests) => {
    const hits = requests.flat()
    // One statement, so concurrent hits on the same key from any server serialise on its row.
    const rows = await database.query<{ key: string; hits: number; ms_left: number }>(
      'SELECT key, hits, ms_left FROM count_hits($1::text[], $2::float8[])',
      [hits.map(({ key }) => key), hits.map(({ windowMs }) => windowMs / 1000)],
    )
    const byKey = new Map(rows.map((row) => [row.key, { hits: row.hits, msLeft: row.ms_left }]))
    // Each request's count as if counted alone, in the batch's order: the key's count after the
    // batch, less the hits of the requests after it.
    const later = new Map<string, number>()
    return requests
      .toReversed()
      .map((request) => {
        const counts = request.map(({ key }): WindowCount => {
          const { hits, msLeft } = byKey.get(key) as WindowCount
          return { hits: hits - (later.get(key) ?? 0), msLeft }
        })
        for (const { key } of request) later.set(key, (later.get(key) ?? 0) + 1)
        return counts
      })
      .toReversed()
  })
  return {
    hit: count,
    async takeBack(key) {
      // A window holds at least one hit: taking back its only one forgets it, as if never opened.
      await database.query(
        `WITH forgotten AS (
           DELETE FROM rate_limit_windows WHERE key = $1 AND hits = 1 AND ends_at > now()
         )
         UPDATE rate_limit_windows SET hits = hits - 1
          WHERE key = $1 AND hits > 1 AND ends_at > now()`,
        [key],
      )
    },
    async sweep() {
      // In key order, as count_hits locks them, and past any a submission holds: the sweep
      // never waits on a count, so the two never deadlock.
      await database.query(
        `DELETE FROM rate_limit_windows WHERE key IN (
           SELECT key FROM rate_limit_windows WHERE ends_at <= now()
            ORDER BY key FOR UPDATE SKIP LOCKED)`,
      )
    },
  }
}
