import {
  type EarnedTotal,
  HISTORY_PAGE_SIZE,
  PENDING_PAGE_SIZE,
  type PendingReward,
  type Rejection,
  type RewardHistoryEntry,
  type RewardsResponse,
} from '@fernwood/protocol'
import { hashSessionToken } from '../auth/session-token.ts'
import type { Environment } from '../config/environment.ts'
import type { Database, Queryable } from '../db/database.ts'
import { retryAfter } from '../http/errors.ts'
import { refusal, waitingTime } from '../http/rate-limit.ts'
import { CodeInvalid, CodeLockedOut, CodesRateLimited } from './errors.ts'

/** A reward as the pending list reads it (and as its live event carries it, migration 013). */
export interface PendingRow {
  id: string
  code: string
  status: PendingReward['status']
  reason: string | null
  /** why a rejected reward was refused */
  rejection?: Rejection | null
  /** the transfer a confirming reward waits on */
  transaction_id?: string | null
  /** a string in JSON, as a live event carries it */
  created_at: Date | string
  /** dismissed by the visitor (only rewards read by id can be) */
  dismissed?: boolean
}

interface HistoryRow {
  id: string
  code: string
  amount: string
  token: string
  transaction_id: string
  timestamp: Date
  /** the entry's time in microseconds since 1970, exact (a Date keeps milliseconds only) */
  at_micros: string
}

export const toPendingReward = (row: PendingRow): PendingReward => ({
  id: row.id,
  code: row.code,
  status: row.status,
  reason: row.reason,
  ...(row.rejection && { rejection: row.rejection }),
  ...(row.transaction_id && { transactionId: row.transaction_id }),
  createdAt: new Date(row.created_at).toISOString(),
  ...(row.dismissed && { dismissed: true as const }),
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

/** The rules a code submission through the API meets, besides the catalogue's. */
export interface SubmissionRules {
  /** codes per minute from one client address, and from one user */
  perAddress: number
  perUser: number
  lockout: LockoutLimits
}

/** The submission rules a deployment set (CODE_SUBMITS_PER_MINUTE…, INVALID_CODE_LOCKOUT_…). */
export function submissionRulesOf(env: Environment): SubmissionRules {
  return {
    perAddress: env.CODE_SUBMITS_PER_MINUTE_PER_ADDRESS,
    perUser: env.CODE_SUBMITS_PER_MINUTE,
    lockout: {
      attempts: env.INVALID_CODE_LOCKOUT_ATTEMPTS,
      minutes: env.INVALID_CODE_LOCKOUT_MINUTES,
    },
  }
}

/** A code as the API received it, from a visitor with a session cookie. */
export interface CodeSubmission {
  sessionToken: string
  /** undefined when the request's body was no usable code: counted, never submitted */
  code: string | undefined
  clientAddress: string
}

/** One submission's answer in `submit_codes`' JSON results. */
interface BatchAnswer {
  /** false without a live session: nothing was counted */
  user: boolean
  limited?: 'address' | 'user'
  ms_left?: number
  wallet?: boolean
  /** the SQLSTATE of an error this submission alone met */
  failed?: string
  /** submit_reward's answer: the new reward, none when the account held the code already */
  reward_id?: string | null
  status?: PendingReward['status'] | null
  reason?: string | null
  created_at?: string | null
  /** or the seconds its user or wallet must still wait, past the unknown-code lockout */
  locked_for?: number | null
}

/**
 * Codes submitted through the API, any number in one round trip (`submit_codes`, migration
 * 014), each answered as if sent alone in that order: the visitor's session, the client
 * address's and the user's rate limits, then `submit_reward` (migrations 005 and 011), where
 * submissions of one user, and of one wallet, take turns from the lockout's count to their
 * insert, whose unique (wax_account, code) is the duplicate check: undefined means the account
 * already holds the code. A submission without a live session, a usable code or a wallet is
 * refused as CodeInvalid (the spec gives one message for all), one over a limit with
 * CodesRateLimited, one past the lockout with CodeLockedOut. Batches are formed by
 * `submission-batches.ts`; the database announces each new reward on commit.
 */
export async function submitCodes(
  database: Database,
  submissions: readonly CodeSubmission[],
  rules: SubmissionRules,
): Promise<Array<PendingReward | undefined | Error>> {
  const [{ results }] = await database.query<{ results: BatchAnswer[] }>(
    'CALL submit_codes($1, $2, $3, $4, $5, $6, $7, $8, NULL)',
    [
      submissions.map(({ sessionToken }) => hashSessionToken(sessionToken)),
      submissions.map(({ code }) => code ?? null),
      submissions.map(({ clientAddress }) => clientAddress),
      SUBMISSION_WINDOW_MS / 1000,
      rules.perAddress,
      rules.perUser,
      rules.lockout.attempts,
      rules.lockout.minutes,
    ],
    { preparedAs: 'submit_codes' },
  )
  return results.map((answer, index) => {
    const { code } = submissions[index]
    if (!answer.user) return new CodeInvalid()
    if (answer.limited) {
      return refusal({ refuse: (wait) => new CodesRateLimited(wait) }, answer.ms_left ?? 0)
    }
    if (answer.failed) return new Error(`the database refused the submission (${answer.failed})`)
    if (!code || !answer.wallet) return new CodeInvalid()
    if (answer.locked_for != null) {
      return retryAfter(new CodeLockedOut(waitingTime(answer.locked_for)), answer.locked_for)
    }
    if (!answer.reward_id || !answer.status || !answer.created_at) return undefined
    return toPendingReward({
      id: answer.reward_id,
      code,
      status: answer.status,
      reason: answer.reason ?? null,
      created_at: answer.created_at,
    })
  })
}

// The submission limits are per minute.
const SUBMISSION_WINDOW_MS = 60_000

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

/** A page of the account's rewards not yet paid and a page of its history, as of one moment. */
export function readRewardLists(
  database: Database,
  waxAccount: string | null,
  before: { pending?: string; history?: string } = {},
): Promise<RewardsResponse> {
  return readConsistently(database, async (tx) => ({
    ...(await readPendingPage(tx, waxAccount, before.pending)),
    ...(await readHistoryPage(tx, waxAccount, before.history)),
  }))
}

/**
 * Keyset pagination over a list ordered by (`time`, `id`) newest first: the rows older than the
 * cursor in parameters `$n` (its time in microseconds) and `$n+1` (its id), or every row without
 * one. An entry written meanwhile is newer than every page already read, so none is skipped or
 * repeated.
 */
function olderThanCursor(time: string, id: string, n: number): string {
  const at = `timestamptz 'epoch' + $${n}::bigint * interval '1 microsecond'`
  return `($${n}::bigint IS NULL OR (${time}, ${id}) < (${at}, $${n + 1}::uuid))`
}

/** A cursor's parameters for `olderThanCursor`: nulls for the newest page. */
const cursorParameters = (before?: string): [string | null, string | null] =>
  before ? (before.split('_', 2) as [string, string]) : [null, null]

/** The cursor of the page after `page`, when the query found more rows than a page holds. */
function nextCursor(
  rows: Array<{ id: string; at_micros: string }>,
  pageSize: number,
): string | null {
  const last = rows[pageSize - 1]
  return rows.length > pageSize && last ? `${last.at_micros}_${last.id}` : null
}

// A confirming reward shows the transfer it waits on.
const PENDING_COLUMNS = `r.id, r.code, r.status, r.reason, r.rejection, p.transaction_id, r.created_at,
  r.dismissed_at IS NOT NULL AS dismissed
  FROM rewards r LEFT JOIN payouts p ON r.status = 'confirming' AND p.reward_id = r.id
                                     AND p.state IN ('broadcast', 'confirmed')`

/**
 * A page of the account's rewards not yet paid, newest first (paid ones are in its history), but
 * for the rejected ones its visitor dismissed: those older than `before` (a cursor from an
 * earlier page), and the cursor of the page after this one.
 */
export async function readPendingPage(
  db: Queryable,
  waxAccount: string | null,
  before?: string,
): Promise<Pick<RewardsResponse, 'pending' | 'olderPending'>> {
  if (!waxAccount) return { pending: [], olderPending: null }
  const rows = await db.query<PendingRow & { at_micros: string }>(
    `SELECT (extract(epoch FROM r.created_at) * 1000000)::bigint::text AS at_micros,
            ${PENDING_COLUMNS}
      WHERE r.wax_account = $1 AND r.status <> 'completed' AND r.dismissed_at IS NULL
        AND ${olderThanCursor('r.created_at', 'r.id', 2)}
      ORDER BY r.created_at DESC, r.id DESC LIMIT $4`,
    [waxAccount, ...cursorParameters(before), PENDING_PAGE_SIZE + 1],
  )
  return {
    pending: rows.slice(0, PENDING_PAGE_SIZE).map(toPendingReward),
    olderPending: nextCursor(rows, PENDING_PAGE_SIZE),
  }
}

/**
 * The rewards of `ids` that are not paid yet, as the list shows them (the paid ones left it); a
 * dismissed one says so, for the live feed to take it out of the list.
 */
export async function findPendingRewards(db: Queryable, ids: string[]): Promise<PendingReward[]> {
  const rows = await db.query<PendingRow>(
    `SELECT ${PENDING_COLUMNS} WHERE r.id = ANY($1::uuid[]) AND r.status <> 'completed'`,
    [ids],
  )
  return rows.map(toPendingReward)
}

const HISTORY_COLUMNS = `id, code, amount, token, transaction_id, "timestamp",
  (extract(epoch FROM "timestamp") * 1000000)::bigint::text AS at_micros`

/** The history entries of `ids`, each with the reward it paid. */
export async function findHistoryEntries(
  db: Queryable,
  ids: string[],
): Promise<Array<{ rewardId: string; entry: RewardHistoryEntry }>> {
  const rows = await db.query<HistoryRow & { reward_id: string }>(
    `SELECT reward_id, ${HISTORY_COLUMNS} FROM reward_history WHERE id = ANY($1::uuid[])`,
    [ids],
  )
  return rows.map((row) => ({ rewardId: row.reward_id, entry: toHistoryEntry(row) }))
}

// Amounts are exact decimal strings ('25.0000'): summed as numeric, never as floats. A numeric
// sum keeps its terms' scale, so the total is written in the token's precision.
const EARNED_TOTALS = `SELECT token, sum(amount::numeric)::text AS amount FROM reward_history`

/** What the account has been paid in all its history, per token. */
export async function sumEarned(db: Queryable, waxAccount: string | null): Promise<EarnedTotal[]> {
  if (!waxAccount) return []
  return db.query<EarnedTotal>(
    `${EARNED_TOTALS} WHERE wax_account = $1 GROUP BY token ORDER BY token`,
    [waxAccount],
  )
}

/** For each history entry of `ids`, what its account has been paid in all, per token. */
export async function sumEarnedOfEntries(
  db: Queryable,
  ids: string[],
): Promise<Map<string, EarnedTotal[]>> {
  const rows = await db.query<EarnedTotal & { entry_id: string }>(
    `SELECT h.id AS entry_id, t.token, t.amount FROM reward_history h
       CROSS JOIN LATERAL (${EARNED_TOTALS} WHERE wax_account = h.wax_account GROUP BY token) t
      WHERE h.id = ANY($1::uuid[]) ORDER BY h.id, t.token`,
    [ids],
  )
  const totals = new Map<string, EarnedTotal[]>()
  for (const { entry_id, token, amount } of rows) {
    totals.set(entry_id, [...(totals.get(entry_id) ?? []), { amount, token }])
  }
  return totals
}

/**
 * A page of what the account has been paid, newest first, whichever anonymous user submitted
 * it: the entries older than `before` (a cursor from an earlier page), and the cursor of the
 * page after this one.
 */
export async function readHistoryPage(
  db: Queryable,
  waxAccount: string | null,
  before?: string,
): Promise<Pick<RewardsResponse, 'history' | 'olderHistory'>> {
  if (!waxAccount) return { history: [], olderHistory: null }
  const rows = await db.query<HistoryRow>(
    `SELECT ${HISTORY_COLUMNS} FROM reward_history
      WHERE wax_account = $1 AND ${olderThanCursor('"timestamp"', 'id', 2)}
      ORDER BY "timestamp" DESC, id DESC LIMIT $4`,
    [waxAccount, ...cursorParameters(before), HISTORY_PAGE_SIZE + 1],
  )
  return {
    history: rows.slice(0, HISTORY_PAGE_SIZE).map(toHistoryEntry),
    olderHistory: nextCursor(rows, HISTORY_PAGE_SIZE),
  }
}
