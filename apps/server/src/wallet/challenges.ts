import { randomBytes } from 'node:crypto'
import type { Queryable } from '../db/database.ts'
import { ChallengeInvalid } from './errors.ts'

// Long enough to finish a wallet login (popups, QR scans), short enough to be worthless later.
const CHALLENGE_LIFETIME_SECONDS = 600

/**
 * A fresh single-use nonce for this user's next wallet login. Expired nonces, and spent proofs
 * past their expiry (which no longer verify anyway), are pruned here, where new ones are made.
 */
export async function issueChallenge(db: Queryable, userId: string): Promise<string> {
  const nonce = randomBytes(24).toString('base64url')
  await db.query('DELETE FROM wallet_challenges WHERE expires_at < now()')
  await db.query('DELETE FROM used_identity_proofs WHERE expires_at < now()')
  await db.query(
    `INSERT INTO wallet_challenges (nonce, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3::int))`,
    [nonce, userId, CHALLENGE_LIFETIME_SECONDS],
  )
  return nonce
}

/** Marks the user's nonce used; refuses one that is unknown, someone else's, used or expired. */
export async function consumeChallenge(db: Queryable, userId: string, nonce: string) {
  const consumed = await db.query(
    `UPDATE wallet_challenges SET used_at = now()
      WHERE nonce = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING nonce`,
    [nonce, userId],
  )
  if (consumed.length === 0) throw new ChallengeInvalid()
}
