import type { Database } from '../db/database.ts'

/** Where a key stands in its current window. */
export interface WindowCount {
  /** hits in the window, this one included */
  hits: number
  /** milliseconds until the window ends and the count starts over */
  msLeft: number
}

/**
 * Counts hits per key in fixed windows: a window of `windowMs` opens at a key's first hit and
 * every hit until it ends counts in it. The one store behind every rate limit.
 */
export interface HitCounter {
  hit(key: string, windowMs: number): Promise<WindowCount>
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
    async hit(key, windowMs) {
      // One statement, so concurrent hits on the same key from any server serialise on its row.
      const [row] = await database.query<{ hits: number; ms_left: number }>(
        `INSERT INTO rate_limit_windows AS w (key, hits, ends_at)
         VALUES ($1, 1, now() + make_interval(secs => $2))
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN w.ends_at <= now() THEN 1 ELSE w.hits + 1 END,
           ends_at = CASE WHEN w.ends_at <= now() THEN excluded.ends_at ELSE w.ends_at END
         RETURNING hits, ceil(extract(epoch FROM ends_at - now()) * 1000)::int AS ms_left`,
        [key, windowMs / 1000],
      )
      return { hits: row.hits, msLeft: row.ms_left }
    },
    async sweep() {
      await database.query('DELETE FROM rate_limit_windows WHERE ends_at <= now()')
    },
  }
}

function memoryHitCounter(): HitCounter {
  const windows = new Map<string, { hits: number; endsAt: number }>()
  return {
    async hit(key, windowMs) {
      const now = Date.now()
      let window = windows.get(key)
      if (!window || window.endsAt <= now) {
        window = { hits: 0, endsAt: now + windowMs }
        windows.set(key, window)
      }
      window.hits += 1
      return { hits: window.hits, msLeft: window.endsAt - now }
    },
    async sweep() {
      const now = Date.now()
      for (const [key, window] of windows) if (window.endsAt <= now) windows.delete(key)
    },
  }
}
