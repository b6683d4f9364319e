import type { Queryable } from '../db/database.ts'
import { audit } from './audit-log.ts'

/**
 * The audit trail's entries on who holds which wax account (ASVS V7): each is written by the
 * visitor's anonymous user (`user:<uuid>`) with the account as its subject, `none` when there is
 * none, so one account's history reads `WHERE subject = 'alice.wam'`.
 */

/**
 * How the wallet proved the account: a standard identity proof, WAX's Cloud Wallet (either
 * generation), a Scatter wallet's signature (Wombat), or not at all.
 */
export type ProofKind = 'identity' | 'cloudwallet' | 'scatter' | 'none'

/** `wallet.bound`: an account bound to the user, in the binding's own transaction. */
export async function auditWalletBound(
  db: Queryable,
  userId: string,
  binding: { account: string; permission: string; verified: boolean; proof: ProofKind },
): Promise<void> {
  const { account, ...details } = binding
  await audit(db, `user:${userId}`, 'wallet.bound', account, details)
}

/** `wallet.refused`: a binding refused, with the refusal's code as `reason`. */
export async function auditWalletRefused(
  db: Queryable,
  userId: string,
  attempt: { account: string; permission: string; proof: ProofKind; reason: string },
): Promise<void> {
  const { account, ...details } = attempt
  await audit(db, `user:${userId}`, 'wallet.refused', account, details)
}

/** `console.refused`: an `/api/admin` request refused to a signed-in session, and why. */
export async function auditConsoleRefused(
  db: Queryable,
  userId: string,
  refusal: { account: string | null; permission: string | null; reason: string },
): Promise<void> {
  const { account, ...details } = refusal
  await audit(db, `user:${userId}`, 'console.refused', account ?? 'none', details)
}

/** `session.signed-out-everywhere`: every session bound to the account ended at its holder's ask. */
export async function auditSignedOutEverywhere(
  db: Queryable,
  userId: string,
  ended: { account: string; sessions: number; users: number },
): Promise<void> {
  const { account, ...details } = ended
  await audit(db, `user:${userId}`, 'session.signed-out-everywhere', account, details)
}
