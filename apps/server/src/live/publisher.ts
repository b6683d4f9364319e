import type { Queryable } from '../db/database.ts'

/** The one channel every process LISTENs on; its payloads name whose data changed, never the data. */
export const CHANGES_CHANNEL = 'fernwood_changes'

/**
 * What changed: a user's own record, their rewards in the queue, or their history. `due` says a
 * reward now waits for a worker (a submission, an operator's retry): the only kind workers wake
 * for, so their own claims and refusals do not wake every worker again.
 */
export type ChangeKind = 'user' | 'reward' | 'history' | 'due'
const CHANGE_KINDS: readonly string[] = ['user', 'reward', 'history', 'due']

export interface Change {
  kind: ChangeKind
  userId?: string | null
  waxAccount?: string | null
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

/** Reads a payload back; undefined for anything not written by `publishChange`. */
export function parseChange(payload: string): Change | undefined {
  try {
    const parsed = JSON.parse(payload) as { k?: unknown; u?: unknown; a?: unknown }
    if (typeof parsed.k !== 'string' || !CHANGE_KINDS.includes(parsed.k)) return undefined
    return {
      kind: parsed.k as ChangeKind,
      userId: typeof parsed.u === 'string' ? parsed.u : null,
      waxAccount: typeof parsed.a === 'string' ? parsed.a : null,
    }
  } catch {
    return undefined
  }
}

/** Tells the live feed a visitor's wallet was bound, from inside the binding's transaction. */
export async function announceAccountBound(
  tx: Queryable,
  user: { id: string; waxAccount: string | null },
): Promise<void> {
  await publishChange(tx, { kind: 'user', userId: user.id, waxAccount: user.waxAccount })
}

/**
 * Tells the live feed one of a visitor's sessions ended (signed out, or replaced at a wallet
 * login): each of the visitor's streams checks that its own session still holds.
 */
export async function announceSessionEnded(tx: Queryable, userId: string): Promise<void> {
  await publishChange(tx, { kind: 'user', userId })
}
