import type { Queryable } from '../db/database.ts'

/**
 * Marks a challenge solved, once for all servers: false when it was already (a replay). Its row
 * is kept until the challenge expires, after which the challenge is refused by its own time.
 */
export async function spendChallenge(
  db: Queryable,
  nonce: string,
  expiresAt: Date,
): Promise<boolean> {
  const spent = await db.query(
    `INSERT INTO human_check_spent (nonce, expires_at) VALUES ($1, $2)
     ON CONFLICT (nonce) DO NOTHING RETURNING nonce`,
    [nonce, expiresAt],
  )
  return spent.length === 1
}

/**
 * The accounts other than `account` with a claim accepted from `addressPrefix` in the window, of
 * any campaign: the network submit_reward keeps on each claim it accepts.
 */
export async function otherAccountsBehind(
  db: Queryable,
  addressPrefix: string,
  account: string | null,
  windowMinutes: number,
): Promise<number> {
  const [{ accounts }] = await db.query<{ accounts: number }>(
    `SELECT count(DISTINCT wax_account)::int AS accounts FROM rewards
      WHERE address_prefix = $1 AND wax_account IS DISTINCT FROM $2
        AND created_at > now() - make_interval(mins => $3)`,
    [addressPrefix, account, windowMinutes],
  )
  return accounts
}

/** Forgets expired challenges: they are refused by their own time. */
export async function pruneSpentChallenges(db: Queryable): Promise<void> {
  await db.query('DELETE FROM human_check_spent WHERE expires_at < now()')
}
