import { auditWalletBound, type ProofKind } from '../audit/access-audit.ts'
import { markConsoleActive, rotateSession, type SessionTicket } from '../auth/sessions.ts'
import { toUser, type User } from '../auth/users.ts'
import type { Database, Queryable } from '../db/database.ts'
import { consumeChallenge } from './challenges.ts'
import { ProofReplayed } from './errors.ts'

export interface Binding {
  userId: string
  nonce: string
  waxAccount: string
  /** the permission the proof was made under (accepted by WALLET_PERMISSIONS) */
  permission: string
  /** the visitor's session, replaced by a new one in the binding's commit */
  sessionToken: string
  verified: boolean
  proof: ProofKind
  /** a standard identity proof to record as spent: the digest its wallet signed, and its expiry */
  identityProof?: { signedDigest: string; expiresAt: Date }
}

export interface BoundSession {
  user: User
  /** the session that now carries the wallet: the token the visitor signed in with no longer works */
  session: SessionTicket
}

/** Runs inside the binding's transaction once the account is set (the live feed publishes here). */
export type AccountBoundHook = (tx: Queryable, user: User) => Promise<void>

/**
 * Binds a proven wax account to the user in one transaction: the login nonce and any identity
 * proof are spent in the same commit, so a proof can never bind twice, even concurrently. The
 * session token is replaced in that commit too, so a token planted before the login (session
 * fixation) never carries the wallet; the proof restarts the console's idle clock, and the audit
 * trail records the binding.
 */
export async function bindAccount(
  database: Database,
  binding: Binding,
  onAccountBound: AccountBoundHook[],
): Promise<BoundSession> {
  return database.transaction(async (tx) => {
    await consumeChallenge(tx, binding.userId, binding.nonce)
    if (binding.identityProof) {
      const recorded = await tx.query(
        `INSERT INTO used_identity_proofs (proof_digest, wax_account, user_id, expires_at)
         VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING proof_digest`,
        [
          binding.identityProof.signedDigest,
          binding.waxAccount,
          binding.userId,
          binding.identityProof.expiresAt,
        ],
      )
      if (recorded.length === 0) throw new ProofReplayed()
    }
    const [row] = await tx.query<{ id: string; wax_account: string }>(
      `UPDATE users
          SET wax_account = $2, wax_permission = $3, wax_account_verified = $4, updated_at = now()
        WHERE id = $1 RETURNING id, wax_account`,
      [binding.userId, binding.waxAccount, binding.permission, binding.verified],
    )
    const session = await rotateSession(tx, binding.sessionToken)
    await markConsoleActive(tx, session.token)
    await auditWalletBound(tx, binding.userId, {
      account: binding.waxAccount,
      permission: binding.permission,
      verified: binding.verified,
      proof: binding.proof,
    })
    const user = toUser(row)
    for (const hook of onAccountBound) await hook(tx, user)
    return { user, session }
  })
}
