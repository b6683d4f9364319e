import type { PendingReward, RewardHistoryEntry } from '@fernwood/protocol'
import type { Database, Queryable } from '../db/database.ts'
import { waitingTime } from '../http/rate-limit.ts'
import { publishChange } from '../live/publisher.ts'
import { CodeLockedOut } from './errors.ts'

interface PendingRow {
  id: string
  code: string
  status: PendingReward['status']
  reason: string | null
  /** the transfer a confirming reward waits on */
  transaction_id?: string | null
  created_at: Date
}

interface HistoryRow {
  id: string
  code: string
  amount: string
  token: string
  transaction_id: string
  timestamp: Date
}

const toPendingReward = (row: PendingRow): PendingReward => ({
  id: row.id,
  code: row.code,
  status: row.status,
  reason: row.reason,
  ...(row.transaction_id && { transactionId: row.transaction_id }),
  createdAt: new Date(row.created_at).toISOString(),
})

const toHistoryEntry = (row: HistoryRow): RewardHistoryEntry => ({
  id: row.id,
  code: row.code,
  amount: row.amount,
  token: row.token,
  transactionId: row.transaction_id,
  timestamp: new Date(row.timestamp).toISOString(),
})

/** After `attempts` unknown codes within `minutes`, a user and their wallet must wait. */
export interface LockoutLimits {
  attempts: number
  minutes: number
}

/**
 * Records a submitted code as a pending reward of the account, announcing it on commit. The
 * unique (wax_account, code) makes the insert itself the duplicate check: of any number of
 * concurrent submits exactly one inserts; undefined means the account already holds the code.
 * With `lockout`, a user or wallet past its unknown-code limit is refused with CodeLockedOut.
 */
export async function submitReward(
  database: Database,
  submission: { code: string; waxAccount: string; userId: string },
  lockout?: LockoutLimits,
): Promise<PendingReward | undefined> {
  return database.transaction(async (tx) => {
    if (lockout) {
      // Submissions of one user, and of one wallet, take turns from here to their commit, so
      // each counts every unknown code committed before it, however many arrive at once (on
      // PostgreSQL; PGlite runs one transaction at a time anyway). Always user, then wallet:
      // no two submissions can wait on each other in a circle.
      for (const key of [
        `codes:user:${submission.userId}`,
        `codes:wallet:${submission.waxAccount}`,
      ]) {
        await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key])
      }
      const lockedFor = await lockoutRemainingSeconds(tx, submission, lockout)
      if (lockedFor !== undefined) throw new CodeLockedOut(waitingTime(lockedFor))
    }
    const [row] = await tx.query<PendingRow>(
      `INSERT INTO rewards (code, wax_account, user_id) VALUES ($1, $2, $3)
       ON CONFLICT (wax_account, code) DO NOTHING
       RETURNING id, code, status, reason, created_at`,
      [submission.code, submission.waxAccount, submission.userId],
    )
    if (!row) return undefined
    await publishChange(tx, {
      kind: 'due',
      userId: submission.userId,
      waxAccount: submission.waxAccount,
    })
    return toPendingReward(row)
  })
}

/**
 * Runs `read` on one consistent view of the database: a payout committing between two reads
 * would otherwise show the same reward both pending and paid.
 */
export function readConsistently<T>(database: Database, read: (tx: Queryable) => Promise<T>) {
  return database.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY')
    return read(tx)
  })
}

/** Both of the account's lists, as of one moment. */
export function readRewardLists(database: Database, waxAccount: string | null) {
  return readConsistently(database, async (tx) => ({
    pending: await listPendingRewards(tx, waxAccount),
    history: await listRewardHistory(tx, waxAccount),
  }))
}

/** The account's rewards not yet paid, newest first (paid ones are in its history). */
export async function listPendingRewards(
  db: Queryable,
  waxAccount: string | null,
): Promise<PendingReward[]> {
  if (!waxAccount) return []
  const rows = await db.query<PendingRow>(
    `SELECT r.id, r.code, r.status, r.reason, p.transaction_id, r.created_at FROM rewards r
       LEFT JOIN payouts p ON r.status = 'confirming' AND p.reward_id = r.id
                          AND p.state IN ('broadcast', 'confirmed')
      WHERE r.wax_account = $1 AND r.status <> 'completed'
      ORDER BY r.created_at DESC, r.id DESC`,
    [waxAccount],
  )
  return rows.map(toPendingReward)
}

/**
 * The most history a list carries: every change re-sends the lists to each open stream, so they
 * must stay small however long an account has been collecting.
 */
const HISTORY_LIMIT = 200

/** What the account has been paid, newest first, whichever anonymous user submitted it. */
export async function listRewardHistory(
  db: Queryable,
  waxAccount: string | null,
): Promise<RewardHistoryEntry[]> {
  if (!waxAccount) return []
  const rows = await db.query<HistoryRow>(
    `SELECT id, code, amount, token, transaction_id, "timestamp" FROM reward_history
      WHERE wax_account = $1 ORDER BY "timestamp" DESC, id DESC LIMIT $2`,
    [waxAccount, HISTORY_LIMIT],
  )
  return rows.map(toHistoryEntry)
}

/**
 * Seconds until a user (or anyone on their wallet) may submit again after too many unknown
 * codes, or undefined when they may now. Derived from the rewards themselves: those the worker
 * refused as unknown, and those still waiting whose code the catalogue does not hold (the
 * worker will refuse them; counting them now is what makes a burst of guesses count at all).
 * The lockout lifts when the oldest counted one leaves the window.
 */
async function lockoutRemainingSeconds(
  db: Queryable,
  who: { userId: string; waxAccount: string },
  limits: LockoutLimits,
): Promise<number | undefined> {
  const [row] = await db.query<{ failures: number; remaining: number | null }>(
    `SELECT count(*)::int AS failures,
            extract(epoch FROM min(updated_at) + make_interval(mins => $3) - now())::float8
              AS remaining
       FROM (SELECT updated_at FROM rewards r
              WHERE (r.user_id = $1 OR r.wax_account = $2)
                AND (r.rejection = 'unknown_code'
                     OR (r.rejection IS NULL
                         AND NOT EXISTS (SELECT 1 FROM codes k WHERE k.code = r.code)))
                AND updated_at > now() - make_interval(mins => $3)
              ORDER BY updated_at DESC LIMIT $4) AS recent`,
    [who.userId, who.waxAccount, limits.minutes, limits.attempts],
  )
  if (row.failures < limits.attempts || row.remaining === null || row.remaining <= 0)
    return undefined
  return row.remaining
}
