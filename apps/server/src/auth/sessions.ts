import type { Database } from '../db/database.ts'
import { createSessionToken, hashSessionToken } from './session-token.ts'
import { toUser, type User } from './users.ts'

/**
 * Signs a visitor in anonymously: a new user and a session for them, in one transaction.
 * Expired sessions are pruned here, where sessions are made, so the table cannot grow unbounded.
 */
export async function startAnonymousSession(
  database: Database,
  ttlDays: number,
): Promise<{ user: User; token: string; expiresAt: Date }> {
  const { token, tokenHash } = createSessionToken()
  return database.transaction(async (tx) => {
    await tx.query('DELETE FROM sessions WHERE expires_at < now()')
    const [user] = await tx.query<{ id: string; wax_account: null }>(
      'INSERT INTO users DEFAULT VALUES RETURNING id, wax_account',
    )
    const [session] = await tx.query<{ expires_at: Date }>(
      `INSERT INTO sessions (token_hash, user_id, expires_at)
       VALUES ($1, $2, now() + make_interval(days => $3::int))
       RETURNING expires_at`,
      [tokenHash, user.id, ttlDays],
    )
    return { user: toUser(user), token, expiresAt: new Date(session.expires_at) }
  })
}

/** The user a session token belongs to, if the session exists and has not expired. */
export async function findSessionUser(
  database: Database,
  token: string,
): Promise<User | undefined> {
  const [row] = await database.query<{ id: string; wax_account: string | null }>(
    `SELECT u.id, u.wax_account
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [hashSessionToken(token)],
  )
  return row && toUser(row)
}

export async function endSession(database: Database, token: string): Promise<void> {
  await database.query('DELETE FROM sessions WHERE token_hash = $1', [hashSessionToken(token)])
}
