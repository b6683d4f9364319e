import type { Queryable } from '../db/database.ts'
import { publishChange } from '../events/channel.ts'
import { appendUserEvent } from '../events/outbox.ts'

/** Tells the live feed a visitor's wallet was bound, from inside the binding's transaction. */
export async function announceAccountBound(
  tx: Queryable,
  user: { id: string; waxAccount: string | null },
): Promise<void> {
  await appendUserEvent(tx, user.id)
}

/**
 * Tells the live feed one of a visitor's sessions ended (signed out, or replaced at a wallet
 * login): each of the visitor's streams checks that its own session still holds.
 */
export async function announceSessionEnded(tx: Queryable, userId: string): Promise<void> {
  await publishChange(tx, { kind: 'session', userId })
}
