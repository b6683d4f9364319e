import {
  type EarnedTotal,
  HISTORY_PAGE_SIZE,
  type PaidNft,
  PENDING_PAGE_SIZE,
  type PendingReward,
  type RewardHistoryEntry,
  type RewardsResponse,
} from '@fernwood/protocol'
import { paidNftOf } from '../campaigns/references.ts'
import type { Database, Queryable } from '../db/database.ts'

interface HistoryRow {
  id: string
  code: string
  /** null for an NFT */
  amount: string | null
  token: string | null
  /** the NFT paid (its asset and template), in JSON */
  nft: PaidNft | null
  transaction_id: string
  timestamp: Date
  /** the entry's time in microseconds since 1970, exact (a Date keeps milliseconds only) */
  at_micros: string
}

const toHistoryEntry = (row: HistoryRow): RewardHistoryEntry => ({
  id: row.id,
  code: row.code,
  ...(row.amount !== null && row.token !== null && { amount: row.amount, token: row.token }),
  ...(row.nft && { nft: row.nft }),
  transactionId: row.transaction_id,
  timestamp: new Date(row.timestamp).toISOString(),
})

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

// A reward not yet paid is listed as reward_shape (db/functions) writes it: its live event
// carries the same, so the list and the feed cannot disagree.

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
  const rows = await db.query<{ id: string; at_micros: string; reward: PendingReward }>(
    `SELECT r.id, (extract(epoch FROM r.created_at) * 1000000)::bigint::text AS at_micros,
            reward_shape(r) AS reward
       FROM rewards r
      WHERE r.wax_account = $1 AND r.status <> 'completed' AND r.dismissed_at IS NULL
        AND ${olderThanCursor('r.created_at', 'r.id', 2)}
      ORDER BY r.created_at DESC, r.id DESC LIMIT $4`,
    [waxAccount, ...cursorParameters(before), PENDING_PAGE_SIZE + 1],
  )
  return {
    pending: rows.slice(0, PENDING_PAGE_SIZE).map((row) => row.reward),
    olderPending: nextCursor(rows, PENDING_PAGE_SIZE),
  }
}

/**
 * The rewards of `ids` that are not paid yet, as the list shows them (the paid ones left it); a
 * dismissed one says so, for the live feed to take it out of the list.
 */
export async function findPendingRewards(db: Queryable, ids: string[]): Promise<PendingReward[]> {
  const rows = await db.query<{ reward: PendingReward }>(
    `SELECT reward_shape(r) AS reward FROM rewards r
      WHERE r.id = ANY($1::uuid[]) AND r.status <> 'completed'`,
    [ids],
  )
  return rows.map((row) => row.reward)
}

const HISTORY_COLUMNS = `id, code, amount, token, transaction_id, "timestamp",
  (extract(epoch FROM "timestamp") * 1000000)::bigint::text AS at_micros,
  ${paidNftOf('reward_history.reward_id', 'reward_history.asset_id')} AS nft`

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

/**
 * The account's totals, a row per token and one for its NFTs (token null, amount their count),
 * which sorts last. Amounts are exact decimal strings ('25.0000'): summed as numeric, never as
 * floats. A numeric sum keeps its terms' scale, so the total is written in the token's precision.
 * An NFT has no amount: its entry is counted.
 */
const earnedTotals = (account: string) => `SELECT token,
    CASE WHEN token IS NULL THEN count(*)::text ELSE sum(amount::numeric)::text END AS amount
  FROM reward_history WHERE wax_account = ${account} GROUP BY token ORDER BY token NULLS LAST`

interface EarnedRow {
  token: string | null
  amount: string
}

const toEarnedTotal = ({ token, amount }: EarnedRow): EarnedTotal =>
  token === null ? { nfts: Number(amount) } : { amount, token }

/** What the account has been paid in all its history, per token, and how many NFTs. */
export async function sumEarned(db: Queryable, waxAccount: string | null): Promise<EarnedTotal[]> {
  if (!waxAccount) return []
  return (await db.query<EarnedRow>(earnedTotals('$1'), [waxAccount])).map(toEarnedTotal)
}

/** For each history entry of `ids`, what its account has been paid in all, as `sumEarned`. */
export async function sumEarnedOfEntries(
  db: Queryable,
  ids: string[],
): Promise<Map<string, EarnedTotal[]>> {
  const rows = await db.query<EarnedRow & { entry_id: string }>(
    `SELECT h.id AS entry_id, t.token, t.amount FROM reward_history h
       CROSS JOIN LATERAL (${earnedTotals('h.wax_account')}) t
      WHERE h.id = ANY($1::uuid[]) ORDER BY h.id, t.token NULLS LAST`,
    [ids],
  )
  const totals = new Map<string, EarnedTotal[]>()
  for (const row of rows) {
    totals.set(row.entry_id, [...(totals.get(row.entry_id) ?? []), toEarnedTotal(row)])
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
