import type { Queryable } from '../db/database.ts'
import type { PackedTransactionJson } from './signer.ts'

export type PayoutState = 'signed' | 'broadcast' | 'confirmed' | 'expired' | 'failed'

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

/** Where each of `rewardIds` stands, in one read. */
export async function findUnsettledPayouts(
  db: Queryable,
  rewardIds: string[],
): Promise<Map<string, RewardPayoutState>> {
  const rows = await db.query<Partial<PayoutRow> & { reward_id: string; refused_before: boolean }>(
    `SELECT r.id AS reward_id, u.*,
            EXISTS (SELECT 1 FROM payouts f WHERE f.reward_id = r.id AND f.last_error IS NOT NULL)
              AS refused_before
       FROM unnest($1::uuid[]) AS r (id)
       LEFT JOIN LATERAL (
         SELECT p.transaction_id, p.state, p.block_num, t.signed_transaction, t.expires_at,
                t.transfers
           FROM payouts p JOIN payout_transactions t ON t.transaction_id = p.transaction_id
          WHERE p.reward_id = r.id AND p.state <> 'expired'
          ORDER BY p.state <> 'failed' DESC, p.created_at DESC LIMIT 1) u ON true`,
    [rewardIds],
  )
  return new Map(
    rows.map((row) => [
      row.reward_id,
      {
        payout: row.transaction_id ? toPayout(row as PayoutRow) : undefined,
        refusedBefore: row.refused_before,
      },
    ]),
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
