import { auditSignedOutEverywhere } from '../audit/access-audit.ts'
import type { Database, Queryable } from '../db/database.ts'
import { NotSignedIn } from '../http/errors.ts'
import { SignOutEverywhereUnproven } from '../wallet/errors.ts'
import { createSessionToken, hashSessionToken } from './session-token.ts'
import { toUser, type User } from './users.ts'

/** A session's token, for the cookie, and when it ends. */
export interface SessionTicket {
  token: string
  expiresAt: Date
}

/**
 * Signs a visitor in anonymously: a new user and a session for them, in one transaction.
 * Expired sessions are pruned here, where sessions are made, so the table cannot grow unbounded.
 */
export async function startAnonymousSession(
  database: Database,
  ttlDays: number,
): Promise<{ user: User } & SessionTicket> {
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

/** When the session of `token` ends, or undefined when it has ended already (or never existed). */
export async function sessionExpiry(db: Queryable, token: string): Promise<Date | undefined> {
  const [row] = await db.query<{ expires_at: Date }>(
    'SELECT expires_at FROM sessions WHERE token_hash = $1 AND expires_at > now()',
    [hashSessionToken(token)],
  )
  return row && new Date(row.expires_at)
}

/** Runs inside the transaction that ends one of the user's sessions (sign-out, a new sign-in). */
export type SessionEndedHook = (tx: Queryable, userId: string) => Promise<void>

export async function endSession(
  database: Database,
  token: string,
  onSessionEnded: SessionEndedHook[],
): Promise<void> {
  await database.transaction(async (tx) => {
    const [ended] = await tx.query<{ user_id: string }>(
      'DELETE FROM sessions WHERE token_hash = $1 RETURNING user_id',
      [hashSessionToken(token)],
    )
    if (ended) for (const hook of onSessionEnded) await hook(tx, ended.user_id)
  })
}

/** What 'sign out everywhere' ended: sessions of how many users, all bound to `account`. */
export interface AccountSessionsEnded {
  account: string
  sessions: number
  users: number
}

/**
 * 'Sign out everywhere': ends every session of every user bound to the caller's wax account,
 * wherever they were opened, in one transaction that runs the hooks for each of those users (the
 * live feed ends their streams) and records it in the audit trail. Only a binding proven under an
 * accepted permission may ask: it speaks for the account, where an unverified one claims it.
 */
export async function endEverySessionOfAccount(
  database: Database,
  userId: string,
  acceptedPermissions: ReadonlySet<string>,
  onSessionEnded: SessionEndedHook[],
): Promise<AccountSessionsEnded> {
  return database.transaction(async (tx) => {
    const [caller] = await tx.query<{
      wax_account: string | null
      wax_permission: string | null
      wax_account_verified: boolean
    }>('SELECT wax_account, wax_permission, wax_account_verified FROM users WHERE id = $1', [
      userId,
    ])
    const account = caller?.wax_account
    if (
      !account ||
      !caller.wax_account_verified ||
      !acceptedPermissions.has(caller.wax_permission ?? '')
    ) {
      throw new SignOutEverywhereUnproven()
    }
    const ended = await tx.query<{ user_id: string }>(
      `DELETE FROM sessions s USING users u
        WHERE s.user_id = u.id AND u.wax_account = $1
        RETURNING s.user_id`,
      [account],
    )
    const users = [...new Set(ended.map((row) => row.user_id))]
    for (const endedUser of users) {
      for (const hook of onSessionEnded) await hook(tx, endedUser)
    }
    const summary = { account, sessions: ended.length, users: users.length }
    await auditSignedOutEverywhere(tx, userId, summary)
    return summary
  })
}

/** Restarts the console's idle clock (ADMIN_IDLE_MINUTES) of the session of `token`. */
export async function markConsoleActive(db: Queryable, token: string): Promise<void> {
  await db.query('UPDATE sessions SET console_active_at = now() WHERE token_hash = $1', [
    hashSessionToken(token),
  ])
}

/**
 * Gives a live session a new token, keeping its user and its end; the old token stops working at
 * this transaction's commit. Refuses a token that has ended meanwhile.
 */
export async function rotateSession(db: Queryable, token: string): Promise<SessionTicket> {
  const next = createSessionToken()
  const [row] = await db.query<{ expires_at: Date }>(
    `UPDATE sessions SET token_hash = $2
      WHERE token_hash = $1 AND expires_at > now() RETURNING expires_at`,
    [hashSessionToken(token), next.tokenHash],
  )
  if (!row) throw new NotSignedIn()
  return { token: next.token, expiresAt: new Date(row.expires_at) }
}
