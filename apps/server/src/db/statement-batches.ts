import { setImmediate } from 'node:timers'
import DataLoader from 'dataloader'
import type { Database } from './database.ts'

export interface BatchLimits {
  /** batches with the database at once; the ones after wait, gathering items */
  inFlight: number
  /** items in one batch at most */
  size: number
}

/** What `sends` of each batch answers: per item, in its order, its answer or its own failure. */
export type BatchAnswers<Answer> = Promise<Array<Answer | Error>>

/**
 * Items sent to the database in batches, as PostgreSQL groups commits: an item arriving while
 * `inFlight` batches are with the database waits, with the others arriving meanwhile, for the
 * next one; otherwise its batch goes once the event loop has read what it had to read this turn
 * (setImmediate), so the requests read together are sent together, and on a quiet server it
 * goes at once. A batch costs one round trip and its commits (each a WAL flush, and a turn at the
 * notification queue when it notifies) however many items it carries, which is where a busy
 * server's writes spent their time (bench/rewards.ts, bench/grants.ts). DataLoader (GraphQL's
 * batching library) gathers them; its cache is off, as every item counts. An Error among the
 * answers fails that item alone; a thrown one, the batch.
 */
export function statementBatches<Item, Answer>(
  database: Pick<Database, 'driver'>,
  send: (items: readonly Item[]) => BatchAnswers<Answer>,
  limits: Partial<BatchLimits> = {},
): (item: Item) => Promise<Answer> {
  // PGlite runs one statement at a time: a second batch would only queue there, no longer
  // gathering the items arriving meanwhile.
  const inFlight = limits.inFlight ?? (database.driver === 'pglite' ? 1 : 2)
  let active = 0
  const waiting: Array<() => void> = []
  const batches = new DataLoader<Item, Answer>(
    async (items) => {
      try {
        return await send(items)
      } finally {
        // The next waiting batch takes this one's place.
        const next = waiting.shift()
        if (next) next()
        else active--
      }
    },
    {
      cache: false,
      maxBatchSize: limits.size ?? 32,
      batchScheduleFn: (dispatch) => {
        if (active >= inFlight) {
          waiting.push(dispatch)
          return
        }
        active++
        // Not process.nextTick: that sent each request's item before the next request of the
        // same turn was read. On PGlite, whose statements run on this thread, no batch was ever
        // waiting, so every batch carried one item (bench/grants.ts: 22% of the driver's floor
        // rather than 59%; bench/rewards.ts: 38% rather than 109%). Node's own setImmediate, which
        // a test's fake timers leave alone: batching is no timer a test would advance.
        setImmediate(dispatch)
      },
    },
  )
  return (item) => batches.load(item)
}
