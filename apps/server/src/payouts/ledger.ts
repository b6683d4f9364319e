import { audit, auditEach } from '../audit/audit-log.ts'
import { splitQuantity } from '../campaigns/codes.ts'
import type { Database, Queryable } from '../db/database.ts'
import { rewardState } from '../rewards/reward-state.ts'
import type { PayableReward } from './payable-reward.ts'
import { type Payout, type PayoutRow, type PayoutState, toPayout } from './repository.ts'
import type { SignedPayout } from './signer.ts'

/**
 * A payout's steps, the one owner of its states. Each step is one call that moves the payout
 * transaction's row and its rewards' rows together, in one database transaction:
 *
 *   stored ──▶ broadcast ──executed──▶ (rewards confirming) ──irreversible──▶ confirmed
 *                  └──refused──▶ failed ──sent again──▶ broadcast        (rewards completed)
 *   any but confirmed ──its expiry irreversible, in no block──▶ expired (rewards due again)
 *
 * A new transaction is stored as broadcast, sent once: it is sent right after, and a crash in
 * between leaves it to the finality check, as any broadcast one, which sends it again if no block
 * holds it (so `attempts` may count one send that never happened). Rows of earlier releases may
 * still be `signed`, stored and not yet sent: every step takes them as it takes `broadcast`.
 *
 * A transaction lands whole or not at all, so its state is every reward's it pays: each step
 * makes its rewards' move (`rewardState`, their state's owner) in the same transaction.
 * Conditions on the current states make every step safe to repeat, and harmless when two
 * workers race after a lease ran out. The rewards' changes reach the live feed through their
 * trigger.
 */

/**
 * Stores a signed transaction and the rewards it pays before it is ever sent, so that no crash
 * can lose track of it, as sent once (the caller sends it next). Throws (the unique index) when
 * one of them has a transfer that may still land: a worker whose lease ran out raced another.
 */
export async function recordSigned(
  database: Database,
  rewardIds: string[],
  signed: SignedPayout,
): Promise<Payout> {
  return database.transaction(async (tx) => {
    const [row] = await tx.query<PayoutRow>(
      `INSERT INTO payout_transactions (transaction_id, signed_transaction, expires_at, transfers)
     VALUES ($1, $2, $3, $4)
     RETURNING transaction_id, signed_transaction, expires_at, transfers,
               'broadcast' AS state, NULL::integer AS block_num`,
      [signed.transactionId, JSON.stringify(signed.packed), signed.expiresAt, rewardIds.length],
    )
    await tx.query(
      `INSERT INTO payouts (reward_id, transaction_id, state, attempts)
       SELECT unnest($1::uuid[]), $2, 'broadcast', 1`,
      [rewardIds, signed.transactionId],
    )
    await auditEach(tx, 'worker', 'payout.signed', rewardIds, {
      transactionId: signed.transactionId,
    })
    return toPayout(row)
  })
}

/** About to send (again): a refused transaction sent again counts as sent, not refused. */
export async function recordSending(db: Queryable, payout: Payout): Promise<void> {
  await db.query(
    `UPDATE payouts SET state = 'broadcast', attempts = attempts + 1, updated_at = now()
      WHERE transaction_id = $1 AND state IN ('signed', 'broadcast', 'failed')`,
    [payout.transactionId],
  )
}

/**
 * The chain refused the transaction (no funds, wrong key, one bad transfer), with its words. Its
 * rewards stay as they are: the worker decides when they are due again.
 */
export async function recordRefused(db: Queryable, payout: Payout, error: string): Promise<void> {
  await db.query(
    `UPDATE payouts SET last_error = $2, updated_at = now(), state = 'failed'
      WHERE transaction_id = $1 AND state IN ('signed', 'broadcast')`,
    [payout.transactionId, error],
  )
}

/**
 * The chain executed the transaction (in `blockNum`, when the node said; written when it is
 * news) and it is not yet irreversible: its rewards are `confirming`, shown with its transaction
 * id, and checked again after `checkAfterMs`. Those confirming already only get their next check:
 * nothing new is said.
 */
export async function recordExecuted(
  database: Database,
  payout: Payout,
  rewards: Pick<PayableReward, 'id' | 'status'>[],
  blockNum: number | null,
  checkAfterMs: number,
): Promise<void> {
  const executed = rewards.filter((reward) => reward.status === 'processing').map(({ id }) => id)
  const confirming = rewards.filter((reward) => reward.status === 'confirming').map(({ id }) => id)
  await database.transaction(async (tx) => {
    if (blockNum !== null) {
      await tx.query(
        `UPDATE payouts SET block_num = $2, updated_at = now()
          WHERE transaction_id = $1 AND state IN ('signed', 'broadcast')
            AND block_num IS DISTINCT FROM $2`,
        [payout.transactionId, blockNum],
      )
    }
    if (executed.length > 0) await rewardState.execute(tx, executed, checkAfterMs)
    if (confirming.length > 0) await rewardState.recheck(tx, confirming, checkAfterMs)
  })
}

/**
 * The transaction is in an irreversible block: nothing can take back any of its transfers. Its
 * rewards are completed, and their history entries (an NFT's naming the asset minted or sent,
 * from `assetIds` by reward id) and completed records appear with them, announced on commit. Running it
 * twice is harmless (the second finds them completed).
 */
export async function recordIrreversible(
  database: Database,
  payout: Payout,
  rewards: PayableReward[],
  blockNum: number | null,
  assetIds: Map<string, string> = new Map(),
): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.query(
      `UPDATE payouts SET state = 'confirmed', last_error = NULL, updated_at = now(),
              block_num = coalesce($2, block_num)
        WHERE transaction_id = $1 AND state <> 'confirmed'`,
      [payout.transactionId, blockNum],
    )
    const completed = await rewardState.complete(
      tx,
      rewards.map((reward) => reward.id),
    )
    const paid = rewards.filter((reward) => completed.has(reward.id))
    if (paid.length === 0) return
    const quantities = paid.map((reward) =>
      reward.rewardQuantity === null ? null : splitQuantity(reward.rewardQuantity),
    )
    await tx.query(
      `INSERT INTO reward_history (reward_id, wax_account, code, amount, token, asset_id,
                                   transaction_id)
       SELECT *, $7 FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[],
                                $6::text[])`,
      [
        paid.map((reward) => reward.id),
        paid.map((reward) => reward.waxAccount),
        paid.map((reward) => reward.code),
        quantities.map((quantity) => quantity?.amount ?? null),
        quantities.map((quantity) => quantity?.token ?? null),
        paid.map((reward) => assetIds.get(reward.id) ?? null),
        payout.transactionId,
      ],
    )
    // A pool reward's asset is now the visitor's: should it ever come back, it can go out again.
    // A duplicate kept by migration 024 (a code claimed under another spelling of an account that
    // held it) completes without taking the code's row from the claim that holds it.
    await tx.query(
      `WITH given AS (DELETE FROM nft_pool_takes WHERE reward_id = ANY($3::uuid[]))
       INSERT INTO completed_rewards (wax_account, code, reward_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::uuid[])
       ON CONFLICT (wax_account, code) DO NOTHING`,
      [
        paid.map((reward) => reward.waxAccount),
        paid.map((reward) => reward.code),
        paid.map((reward) => reward.id),
      ],
    )
  })
}

/**
 * The transaction can never land (its expiry is irreversible and no block holds it): it is
 * expired for every reward it pays, which are `processing` again, and those in `due` are due at
 * once, for a new transfer (alone, if the chain refused this one). Throws when the transaction
 * was confirmed meanwhile.
 */
export async function recordLost(database: Database, payout: Payout, due: string[]): Promise<void> {
  await database.transaction(async (tx) => {
    const rows = await tx.query<{ reward_id: string; state: PayoutState }>(
      `UPDATE payouts SET state = CASE WHEN state = 'confirmed' THEN state ELSE 'expired' END,
              updated_at = now()
        WHERE transaction_id = $1 AND state <> 'expired' RETURNING reward_id, state`,
      [payout.transactionId],
    )
    if (rows.some((row) => row.state === 'confirmed')) {
      throw new Error(`payout ${payout.transactionId} was confirmed meanwhile`)
    }
    const rewardIds = rows.map((row) => row.reward_id)
    await audit(tx, 'worker', 'payout.expired', payout.transactionId, { rewards: rewardIds })
    await rewardState.lose(tx, rewardIds, due)
  })
}
