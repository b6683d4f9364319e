import type { Queryable } from '../db/database.ts'
import type { EventKind } from './channel.ts'

/**
 * The outbox of the live feed: `live_events` (migration 005). Changes to rewards and history
 * are appended by the database's own triggers, in whichever transaction makes them; a change
 * to a user is appended here. Each event's id is its `id:` on the feed.
 */

/** Whose events a stream carries: its user's own, and those of the wax account they have now. */
export interface Interest {
  userId: string
  waxAccount: string | null
}

/** An event the outbox still holds: its position, its kind, and the row it is about. */
export interface StoredEvent {
  id: string
  kind: EventKind
  subject: string
}

// How long a reconnecting stream can still resume rather than start over with a snapshot.
const RESUMABLE_MINUTES = 60
// Past this many missed events a snapshot is the smaller answer.
const MOST_EVENTS_RESUMED = 500

/** Appends, and announces on commit, that the user's own record changed (a wallet bound). */
export async function appendUserEvent(tx: Queryable, userId: string): Promise<void> {
  await tx.query("SELECT append_live_event('user', $1, NULL, $1, false)", [userId])
}

// Whose events a stream carries, as the live streams find them (`StreamSubscribers`).
const CONCERNS_SQL = `((kind = 'user' AND user_id = $1) OR (kind <> 'user' AND wax_account = $2))`

/**
 * The newest event of this interest that `tx` sees: a snapshot read in the same transaction
 * reflects it and every one before it, so it is the snapshot's `id:`. Null when there is none.
 */
export async function latestEventId(tx: Queryable, interest: Interest): Promise<string | null> {
  // Two index lookups, each its newest row, however many events the account has.
  const [row] = await tx.query<{ id: string | null }>(
    `SELECT greatest(
       (SELECT max(id) FROM live_events WHERE kind = 'user' AND user_id = $1),
       (SELECT max(id) FROM live_events WHERE kind <> 'user' AND wax_account = $2))::text AS id`,
    [interest.userId, interest.waxAccount],
  )
  return row.id
}

/**
 * What a stream that last received event `lastId` has missed, in order; undefined when the
 * outbox no longer reaches back that far (or too much was missed): send a snapshot instead.
 * Besides the later events, it re-reads the earlier ones whose transaction may have committed
 * after `lastId`'s (see the migration's `horizon`): receiving one twice changes nothing.
 */
export async function eventsAfter(
  db: Queryable,
  lastId: string,
  interest: Interest,
): Promise<StoredEvent[] | undefined> {
  const [last] = await db.query<{ horizon: string }>(
    'SELECT horizon::text FROM live_events WHERE id = $1',
    [lastId],
  )
  if (!last) return undefined
  const rows = await db.query<StoredEvent>(
    `SELECT id::text, kind, subject FROM live_events
      WHERE ${CONCERNS_SQL}
        AND (id > $3 OR (id < $3 AND txid >= $4::xid8))
      ORDER BY id LIMIT $5`,
    [interest.userId, interest.waxAccount, lastId, last.horizon, MOST_EVENTS_RESUMED + 1],
  )
  return rows.length > MOST_EVENTS_RESUMED ? undefined : rows
}

/**
 * Forgets events older than the resumable window. Always a prefix of ids, so an event still
 * held means every later one is held too: `eventsAfter` then misses nothing.
 */
export async function pruneEvents(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM live_events WHERE id <= (SELECT max(id) FROM live_events
                                           WHERE created_at < now() - make_interval(mins => $1))`,
    [RESUMABLE_MINUTES],
  )
}
