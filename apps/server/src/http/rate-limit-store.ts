import type { Database } from '../db/database.ts'

/** Where a key stands in its current window. */
export interface WindowCount {
  /** hits in the window, this one included */
  hits: number
  /** milliseconds until the window ends and the count starts over */
  msLeft: number
}

/** One hit on one key, counted in windows of `windowMs`. */
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
  /** Forgets windows that have ended. */
  sweep(): Promise<void>
}

/**
 * The counter for a database's servers. On PostgreSQL it lives in the database, so every
 * server counts together; the clock is the database's, so they also agree on when windows end.
 * PGlite has a single owning process, whose memory is then as shared as it gets: one counter
 * per database object, which every app built on that database uses.
 */
export function hitCounterFor(database: Database): HitCounter {
  if (database.driver === 'postgres') return databaseHitCounter(database)
  let counter = memoryCounters.get(database)
  if (!counter) {
    counter = memoryHitCounter()
    memoryCounters.set(database, counter)
  }
  return counter
}

const memoryCounters = new WeakMap<Database, HitCounter>()

function databaseHitCounter(database: Database): HitCounter {
  return {
    async hit(hits) {
      // One statement, so concurrent hits on the same key from any server serialise on its row;
      // keys are taken in their sorted order, so two requests sharing keys never deadlock.
      const rows = await database.query<{ key: string; hits: number; ms_left: number }>(
        `INSERT INTO rate_limit_windows AS w (key, hits, ends_at)
         SELECT key, 1, now() + make_interval(secs => secs)
           FROM unnest($1::text[], $2::float8[]) AS hit(key, secs)
          ORDER BY key
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN w.ends_at <= now() THEN 1 ELSE w.hits + 1 END,
           ends_at = CASE WHEN w.ends_at <= now() THEN excluded.ends_at ELSE w.ends_at END
         RETURNING key, hits, ceil(extract(epoch FROM ends_at - now()) * 1000)::int AS ms_left`,
        [hits.map(({ key }) => key), hits.map(({ windowMs }) => windowMs / 1000)],
      )
      const byKey = new Map(rows.map((row) => [row.key, { hits: row.hits, msLeft: row.ms_left }]))
      return hits.map(({ key }) => byKey.get(key) as WindowCount)
    },
    async sweep() {
      await database.query('DELETE FROM rate_limit_windows WHERE ends_at <= now()')
    },
  }
}

function memoryHitCounter(): HitCounter {
  const windows = new Map<string, { hits: number; endsAt: number }>()
  return {
    async hit(hits) {
      const now = Date.now()
      return hits.map(({ key, windowMs }) => {
        let window = windows.get(key)
        if (!window || window.endsAt <= now) {
          window = { hits: 0, endsAt: now + windowMs }
          windows.set(key, window)
        }
        window.hits += 1
        return { hits: window.hits, msLeft: window.endsAt - now }
      })
    },
    async sweep() {
      const now = Date.now()
      for (const [key, window] of windows) if (window.endsAt <= now) windows.delete(key)
    },
  }
}
