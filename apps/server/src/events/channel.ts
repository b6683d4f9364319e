import type { PendingReward } from '@fernwood/protocol'
import type { Queryable } from '../db/database.ts'

/**
 * The one channel every process LISTENs on, between our own servers and workers. Its
 * notifications name whose data changed; a reward's also carries the reward (see `EventNotice`).
 * Only the streams a notification concerns ever see it.
 */
export const CHANGES_CHANNEL = 'fernwood_changes'

/**
 * What a notification says. `event` announces an event of the outbox and nothing more (every
 * change of a reward or history entry is one). `due` says a reward now waits for a worker (an
 * operator's retry; a submission's own event says it too): the only kind workers wake for, so
 * their claims and refusals do not wake every worker again. `session` says one of a user's
 * sessions ended. `catalogue` says an operator changed campaigns or codes: the operators'
 * consoles read their overview again. `alert` says an alert waits in the outbox for a sender
 * (written by its table's trigger, functions/09_announce_alert.sql).
 */
export type ChangeKind = 'event' | 'due' | 'session' | 'catalogue' | 'alert'
const CHANGE_KINDS: readonly string[] = ['event', 'due', 'session', 'catalogue', 'alert']

export interface Change {
  kind: ChangeKind
  userId?: string | null
  waxAccount?: string | null
}

/** What an event of the outbox is about; `id` is its position, as the live feed's `id:`. */
export type EventKind = 'reward' | 'paid' | 'user'
const EVENT_KINDS: readonly string[] = ['reward', 'paid', 'user']

export interface EventNotice {
  id: string
  kind: EventKind
  /** the row it is about: a reward's, a history entry's or a user's id */
  subject: string
  /** the account whose lists changed (reward, paid) */
  waxAccount: string | null
  /** the user whose own record changed (user) */
  userId: string | null
  /**
   * A reward's event: the reward as of the change, as the dashboard lists it (reward_shape, in
   * db/functions), so the feed need not read it back. Absent were it too long to notify.
   */
  reward?: PendingReward
}

/**
 * Announces a change from inside the transaction that makes it: PostgreSQL delivers the
 * notification to every listening process when, and only if, that transaction commits.
 */
export async function publishChange(tx: Queryable, change: Change): Promise<void> {
  const payload: Record<string, string> = { k: change.kind }
  if (change.userId) payload.u = change.userId
  if (change.waxAccount) payload.a = change.waxAccount
  await tx.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify(payload)])
}

/**
 * Reads a payload back: a signal, and the event it announces when it announces one (an event
 * of a new submission is also `due`). Undefined for anything we did not write.
 */
export function parseChange(payload: string): (Change & { event?: EventNotice }) | undefined {
  try {
    const parsed = JSON.parse(payload) as Record<string, unknown>
    const text = (value: unknown) => (typeof value === 'string' ? value : null)
    const change = { userId: text(parsed.u), waxAccount: text(parsed.a) }
    const id = text(parsed.i)
    const kind = text(parsed.e)
    const subject = text(parsed.s)
    const reward =
      kind === 'reward' && typeof parsed.r === 'object' && parsed.r !== null
        ? (parsed.r as PendingReward)
        : undefined
    const event =
      id && kind && subject && EVENT_KINDS.includes(kind)
        ? { id, kind: kind as EventKind, subject, ...change, ...(reward && { reward }) }
        : undefined
    if (typeof parsed.k !== 'string' || !CHANGE_KINDS.includes(parsed.k)) return undefined
    if (parsed.k === 'event' && !event) return undefined
    return { kind: parsed.k as ChangeKind, ...change, ...(event && { event }) }
  } catch {
    return undefined
  }
}
