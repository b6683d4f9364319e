import { auditEach } from '../audit/audit-log.ts'
import type { Queryable } from '../db/database.ts'
import type { PackedTransactionJson, SignedPayout } from './signer.ts'

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

interface PayoutRow {
  transaction_id: string
  signed_transaction: PackedTransactionJson
  expires_at: Date
  transfers: number
  state: PayoutState
  block_num: number | null
}

const toPayout = (row: PayoutRow): Payout => ({
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

/**
 * Stores a signed transaction and the rewards it pays before it is ever sent, so that no crash
 * can lose track of it. Throws (the unique index) when one of them has a transfer that may still
 * land: a worker whose lease ran out raced another.
 */
export async function storeSignedPayout(
  db: Queryable,
  rewardIds: string[],
  signed: SignedPayout,
): Promise<Payout> {
  const [row] = await db.query<PayoutRow>(
    `INSERT INTO payout_transactions (transaction_id, signed_transaction, expires_at, transfers)
     VALUES ($1, $2, $3, $4)
     RETURNING transaction_id, signed_transaction, expires_at, transfers,
               'signed' AS state, NULL::integer AS block_num`,
    [signed.transactionId, JSON.stringify(signed.packed), signed.expiresAt, rewardIds.length],
  )
  await db.query(`INSERT INTO payouts (reward_id, transaction_id) SELECT unnest($1::uuid[]), $2`, [
    rewardIds,
    signed.transactionId,
  ])
  await auditEach(db, 'worker', 'payout.signed', rewardIds, {
    transactionId: signed.transactionId,
  })
  return toPayout(row)
}

/**
 * Marks a transaction as one that can never land (its expiry is irreversible and no block holds
 * it), for every reward it pays. Returns those rewards; throws if it was confirmed meanwhile.
 */
export async function retirePayout(db: Queryable, transactionId: string): Promise<string[]> {
  const rows = await db.query<{ reward_id: string; state: PayoutState }>(
    `UPDATE payouts SET state = CASE WHEN state = 'confirmed' THEN state ELSE 'expired' END,
            updated_at = now()
      WHERE transaction_id = $1 AND state <> 'expired' RETURNING reward_id, state`,
    [transactionId],
  )
  if (rows.some((row) => row.state === 'confirmed')) {
    throw new Error(`payout ${transactionId} was confirmed meanwhile`)
  }
  return rows.map((row) => row.reward_id)
}

/** About to send (again): a refused transaction sent again counts as sent, not refused. */
export async function markPayoutSent(db: Queryable, transactionId: string): Promise<void> {
  await db.query(
    `UPDATE payouts SET state = 'broadcast', attempts = attempts + 1, updated_at = now()
      WHERE transaction_id = $1 AND state IN ('signed', 'broadcast', 'failed')`,
    [transactionId],
  )
}

/** The block a node says holds the transaction: where finality is looked for first. */
export async function recordPayoutBlock(
  db: Queryable,
  transactionId: string,
  blockNum: number,
): Promise<void> {
  await db.query(
    `UPDATE payouts SET block_num = $2, updated_at = now()
      WHERE transaction_id = $1 AND state IN ('signed', 'broadcast')`,
    [transactionId, blockNum],
  )
}

/** The transaction is in an irreversible block: nothing can take back any of its transfers. */
export async function markPayoutConfirmed(
  db: Queryable,
  transactionId: string,
  blockNum: number | null,
): Promise<void> {
  await db.query(
    `UPDATE payouts SET state = 'confirmed', last_error = NULL, updated_at = now(),
            block_num = coalesce($2, block_num)
      WHERE transaction_id = $1 AND state <> 'confirmed'`,
    [transactionId, blockNum],
  )
}

/** The chain refused the transaction (no funds, wrong key, one bad transfer), with its words. */
export async function markPayoutFailed(
  db: Queryable,
  transactionId: string,
  error: string,
): Promise<void> {
  await db.query(
    `UPDATE payouts SET last_error = $2, updated_at = now(), state = 'failed'
      WHERE transaction_id = $1 AND state IN ('signed', 'broadcast')`,
    [transactionId, error],
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
