import { audit } from '../audit/audit-log.ts'
import type { Queryable } from '../db/database.ts'
import type { PackedTransactionJson, SignedPayout } from './signer.ts'

export type PayoutState = 'signed' | 'broadcast' | 'confirmed' | 'expired' | 'failed'

/** One signed transfer for a reward, stored before it is ever sent. */
export interface Payout {
  id: string
  rewardId: string
  transactionId: string
  packed: PackedTransactionJson
  expiresAt: Date
  state: PayoutState
  /** the block a node said it executed it in (a hint) until confirmed, then the block holding it */
  blockNum: number | null
}

interface PayoutRow {
  id: string
  reward_id: string
  transaction_id: string
  signed_transaction: PackedTransactionJson
  expires_at: Date
  state: PayoutState
  block_num: number | null
}

const toPayout = (row: PayoutRow): Payout => ({
  id: row.id,
  rewardId: row.reward_id,
  transactionId: row.transaction_id,
  packed: row.signed_transaction,
  expiresAt: new Date(row.expires_at),
  state: row.state,
  blockNum: row.block_num,
})

/**
 * The reward's transfer not yet settled, or its confirmed one: the one transfer that may still
 * land (at most one, by a unique index), else the newest one a node refused, which may have
 * landed after all. Undefined when every transfer so far is known never to land.
 */
export async function findUnsettledPayout(
  db: Queryable,
  rewardId: string,
): Promise<Payout | undefined> {
  const [row] = await db.query<PayoutRow>(
    `SELECT * FROM payouts WHERE reward_id = $1 AND state <> 'expired'
      ORDER BY state <> 'failed' DESC, created_at DESC LIMIT 1`,
    [rewardId],
  )
  return row && toPayout(row)
}

/** Stores a signed transfer before it is ever sent, so that no crash can lose track of it. */
export async function storeSignedPayout(
  db: Queryable,
  rewardId: string,
  signed: SignedPayout,
): Promise<Payout> {
  const [row] = await db.query<PayoutRow>(
    `INSERT INTO payouts (reward_id, transaction_id, signed_transaction, expires_at)
     VALUES ($1, $2, $3, $4) RETURNING *`,
    [rewardId, signed.transactionId, JSON.stringify(signed.packed), signed.expiresAt],
  )
  await audit(db, 'worker', 'payout.signed', rewardId, { transactionId: signed.transactionId })
  return toPayout(row)
}

/**
 * Marks a transfer as one that can never land (its expiry is irreversible and no block holds
 * it). False when another worker settled it meanwhile: then nothing may replace it.
 */
export async function retirePayout(db: Queryable, payoutId: string): Promise<boolean> {
  const retired = await db.query(
    `UPDATE payouts SET state = 'expired', updated_at = now()
      WHERE id = $1 AND state IN ('signed', 'broadcast', 'failed') RETURNING id`,
    [payoutId],
  )
  return retired.length > 0
}

/** About to send (again): a refused transfer sent again counts as sent, not refused. */
export async function markPayoutSent(db: Queryable, payoutId: string): Promise<void> {
  await db.query(
    `UPDATE payouts SET state = 'broadcast', attempts = attempts + 1, updated_at = now()
      WHERE id = $1 AND state IN ('signed', 'broadcast', 'failed')`,
    [payoutId],
  )
}

/** The block a node says holds the transfer: where finality is looked for first. */
export async function recordPayoutBlock(
  db: Queryable,
  payoutId: string,
  blockNum: number,
): Promise<void> {
  await db.query(
    `UPDATE payouts SET block_num = $2, updated_at = now()
      WHERE id = $1 AND state IN ('signed', 'broadcast')`,
    [payoutId, blockNum],
  )
}

/** The transfer is in an irreversible block: nothing can take it back. */
export async function markPayoutConfirmed(
  db: Queryable,
  payoutId: string,
  blockNum: number | null,
): Promise<void> {
  await db.query(
    `UPDATE payouts SET state = 'confirmed', last_error = NULL, updated_at = now(),
            block_num = coalesce($2, block_num)
      WHERE id = $1`,
    [payoutId, blockNum],
  )
}

/** The chain refused the payout for good (no funds, wrong key): it waits for an operator. */
export async function markPayoutFailed(
  db: Queryable,
  payoutId: string,
  error: string,
): Promise<void> {
  await db.query(
    `UPDATE payouts SET last_error = $2, updated_at = now(), state = 'failed'
      WHERE id = $1 AND state IN ('signed', 'broadcast')`,
    [payoutId, error],
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
