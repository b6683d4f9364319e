import type { Queryable } from '../db/database.ts'
import type { PackedTransactionJson } from './signer.ts'

export type PayoutState = 'signed' | 'broadcast' | 'confirmed' | 'expired' | 'failed'

/**
 * SQL: whether the reward whose id is `rewardId` (an SQL expression) has a transaction that may
 * still land, as the worker reads it (every state but `expired`: a refused one may have landed
 * elsewhere). A worker whose lease ran out may act on such a reward after another took it over.
 */
export const hasPayoutThatMayLand = (rewardId: string) =>
  `EXISTS (SELECT 1 FROM payouts may_land
     WHERE may_land.reward_id = ${rewardId} AND may_land.state <> 'expired')`

/**
 * One signed transaction paying one or more rewards (a transfer action each), stored before it
 * is ever sent. A transaction lands whole or not at all, so its state is every reward's it pays.
 */
export interface Payout {
  transactionId: string
  packed: PackedTransactionJson
  expiresAt: Date
  /** how many transfers, one per reward, it carries */
  transfers: number
  state: PayoutState
  /** the block a node said it executed it in (a hint) until confirmed, then the block holding it */
  blockNum: number | null
}

export interface PayoutRow {
  transaction_id: string
  signed_transaction: PackedTransactionJson
  expires_at: Date
  transfers: number
  state: PayoutState
  block_num: number | null
}

export const toPayout = (row: PayoutRow): Payout => ({
  transactionId: row.transaction_id,
  packed: row.signed_transaction,
  expiresAt: new Date(row.expires_at),
  transfers: row.transfers,
  state: row.state,
  blockNum: row.block_num,
})

/** Where a reward's payment stands before a worker acts on it. */
export interface RewardPayoutState {
  /**
   * Its transfer not yet settled, or its confirmed one: the one transaction that may still land
   * (at most one, by a unique index), else the newest one a node refused, which may have landed
   * after all. Undefined when every transaction so far is known never to land.
   */
  payout: Payout | undefined
  /** a transaction carrying its transfer was refused once: from then on it is paid alone */
  refusedBefore: boolean
}

/**
 * Where each of `rewardIds` stands: the rewards' payouts in one read, then each transaction they
 * name once, as a batch's fifty rewards share one (and its signed body is the bulk of a row).
 */
export async function findUnsettledPayouts(
  db: Queryable,
  rewardIds: string[],
): Promise<Map<string, RewardPayoutState>> {
  const rows = await db.query<{
    reward_id: string
    transaction_id: string | null
    state: PayoutState | null
    block_num: number | null
    refused_before: boolean
  }>(
    `SELECT r.id AS reward_id, u.transaction_id, u.state, u.block_num,
            EXISTS (SELECT 1 FROM payouts f WHERE f.reward_id = r.id AND f.last_error IS NOT NULL)
              AS refused_before
       FROM unnest($1::uuid[]) AS r (id)
       LEFT JOIN LATERAL (
         SELECT p.transaction_id, p.state, p.block_num FROM payouts p
          WHERE p.reward_id = r.id AND p.state <> 'expired'
          ORDER BY p.state <> 'failed' DESC, p.created_at DESC LIMIT 1) u ON true`,
    [rewardIds],
  )
  const transactionIds = [
    ...new Set(rows.flatMap((row) => (row.transaction_id ? [row.transaction_id] : []))),
  ]
  const transactions =
    transactionIds.length === 0
      ? []
      : await db.query<Omit<PayoutRow, 'state' | 'block_num'>>(
          `SELECT transaction_id, signed_transaction, expires_at, transfers
             FROM payout_transactions WHERE transaction_id = ANY($1::text[])`,
          [transactionIds],
        )
  const byId = new Map(transactions.map((row) => [row.transaction_id, row]))
  return new Map(
    rows.map((row) => {
      const transaction = row.transaction_id ? byId.get(row.transaction_id) : undefined
      return [
        row.reward_id,
        {
          payout:
            transaction && row.state
              ? toPayout({ ...transaction, state: row.state, block_num: row.block_num })
              : undefined,
          refusedBefore: row.refused_before,
        },
      ]
    }),
  )
}

/** Payouts an operator must look at: refused by the chain, with the node's words. */
export async function listFailedPayouts(db: Queryable) {
  return db.query<{
    reward_id: string
    transaction_id: string
    wax_account: string
    code: string
    last_error: string | null
    updated_at: Date
  }>(
    `SELECT p.reward_id, p.transaction_id, r.wax_account, r.code, p.last_error, p.updated_at
       FROM payouts p JOIN rewards r ON r.id = p.reward_id
      WHERE p.state = 'failed' AND r.status = 'processing'
      ORDER BY p.updated_at DESC`,
  )
}
