import { audit } from '../audit/audit-log.ts'
import type { Database, Queryable } from '../db/database.ts'
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
}

interface PayoutRow {
  id: string
  reward_id: string
  transaction_id: string
  signed_transaction: PackedTransactionJson
  expires_at: Date
  state: PayoutState
}

const toPayout = (row: PayoutRow): Payout => ({
  id: row.id,
  rewardId: row.reward_id,
  transactionId: row.transaction_id,
  packed: row.signed_transaction,
  expiresAt: new Date(row.expires_at),
  state: row.state,
})

/** The reward's transfer that may still land (at most one, by a unique index). */
export async function findLivePayout(db: Queryable, rewardId: string): Promise<Payout | undefined> {
  const [row] = await db.query<PayoutRow>(
    `SELECT * FROM payouts WHERE reward_id = $1 AND state IN ('signed', 'broadcast', 'confirmed')`,
    [rewardId],
  )
  return row && toPayout(row)
}

/**
 * Stores a signed transfer, and retires the one it replaces in the same transaction. Should two
 * workers race to replace the same expired transfer, the unique index lets only one commit.
 */
export async function storeSignedPayout(
  database: Database,
  rewardId: string,
  signed: SignedPayout,
  replaces?: Payout,
): Promise<Payout> {
  return database.transaction(async (tx) => {
    if (replaces) {
      const retired = await tx.query(
        `UPDATE payouts SET state = 'expired', updated_at = now()
          WHERE id = $1 AND state IN ('signed', 'broadcast') RETURNING id`,
        [replaces.id],
      )
      if (retired.length === 0) throw new Error(`payout ${replaces.id} was settled meanwhile`)
    }
    const [row] = await tx.query<PayoutRow>(
      `INSERT INTO payouts (reward_id, transaction_id, signed_transaction, expires_at)
       VALUES ($1, $2, $3, $4) RETURNING *`,
      [rewardId, signed.transactionId, JSON.stringify(signed.packed), signed.expiresAt],
    )
    await audit(tx, 'worker', 'payout.signed', rewardId, { transactionId: signed.transactionId })
    return toPayout(row)
  })
}

export async function markPayoutSent(db: Queryable, payoutId: string): Promise<void> {
  await db.query(
    `UPDATE payouts SET state = 'broadcast', attempts = attempts + 1, updated_at = now()
      WHERE id = $1 AND state = 'signed'`,
    [payoutId],
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
