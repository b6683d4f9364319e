import { type AuditActor, audit } from '../audit/audit-log.ts'
import { splitQuantity } from '../campaigns/codes.ts'
import type { Database, Queryable } from '../db/database.ts'
import { publishChange } from '../live/publisher.ts'
import type { PayableReward } from '../payouts/pay-batch.ts'
import {
  markPayoutConfirmed,
  type Payout,
  recordPayoutBlock,
  retirePayout,
} from '../payouts/repository.ts'

/**
 * Every status change of a reward after its submission, in one place:
 *
 *   pending ──claim──▶ processing ──transfer executed──▶ confirming ──block irreversible──▶ completed
 *      └──claim──▶ rejected           ▲   (parked while the chain refuses it; retried by an operator)
 *                                     └──── its transfer can never land: a new one replaces it
 *
 * The worker pays rewards in batches (one transaction, a transfer each), so the changes a
 * transaction's fate makes take every reward it pays at once, in one statement each.
 * Each change is one transaction that also tells the live feed, so the visitor sees it at once.
 * Conditions on the current status make every change safe to repeat, and harmless when two
 * workers race after a lease ran out.
 */

/** Whose reward it is, for the live feed. */
export type RewardOwner = Pick<PayableReward, 'id' | 'userId' | 'waxAccount'>

/**
 * Codes the catalogue refused: each reward is settled, with the reason its visitor reads (the
 * live feed learns it from the reward's outbox event, as every change of a reward). One
 * statement however many.
 */
export async function rejectRewards(
  tx: Queryable,
  refused: Array<{ id: string; rejection: string; reason: string }>,
): Promise<void> {
  if (refused.length === 0) return
  await tx.query(
    `UPDATE rewards r SET status = 'rejected', rejection = x.rejection, reason = x.reason,
            updated_at = now()
       FROM unnest($1::uuid[], $2::text[], $3::text[]) AS x (id, rejection, reason)
      WHERE r.id = x.id AND r.status = 'pending'`,
    [
      refused.map(({ id }) => id),
      refused.map(({ rejection }) => rejection),
      refused.map(({ reason }) => reason),
    ],
  )
}

/** What a worker's lease on a reward says about paying it. */
export interface Lease {
  /** how many times a worker has taken it to pay, this time included */
  attempts: number
  rewardQuantity: string
  tokenContract: string
}

/**
 * A worker takes rewards for `leaseSeconds`, all in one statement: a pending one becomes
 * `processing` with its campaign (its live event comes from the trigger); one already processing
 * or confirming keeps its status. Returns what to pay, by reward id. A look at a confirming
 * reward's finality is not an attempt: attempts pace retries after failures.
 */
export async function leaseRewards(
  tx: Queryable,
  rewards: { id: string; campaignId: number | null }[],
  leaseSeconds: number,
): Promise<Map<string, Lease>> {
  const leased = await tx.query<{
    id: string
    attempts: number
    reward_quantity: string
    token_contract: string
  }>(
    `WITH leased AS (
       UPDATE rewards r
          SET status = CASE WHEN r.status = 'pending' THEN 'processing' ELSE r.status END,
              campaign_id = l.campaign_id,
              attempts = r.attempts + CASE WHEN r.status = 'confirming' THEN 0 ELSE 1 END,
              next_attempt_at = now() + make_interval(secs => $3), updated_at = now()
         FROM unnest($1::uuid[], $2::integer[]) AS l (id, campaign_id)
        WHERE r.id = l.id RETURNING r.id, r.campaign_id, r.attempts)
     SELECT leased.id, leased.attempts, c.reward_quantity, c.token_contract
       FROM leased JOIN campaigns c ON c.id = leased.campaign_id`,
    [rewards.map((reward) => reward.id), rewards.map((reward) => reward.campaignId), leaseSeconds],
  )
  return new Map(
    leased.map((row) => [
      row.id,
      {
        attempts: row.attempts,
        rewardQuantity: row.reward_quantity,
        tokenContract: row.token_contract,
      },
    ]),
  )
}

/**
 * The chain could not be reached, or refused a batch whose transfers must now wait to be paid
 * alone: keep the rewards as they are and try again after `delayMs`.
 */
export async function scheduleRetry(
  db: Queryable,
  rewardIds: string[],
  error: string,
  delayMs: number,
): Promise<void> {
  await db.query(
    `UPDATE rewards SET last_error = $2, updated_at = now(),
            next_attempt_at = now() + make_interval(secs => $3)
      WHERE id = ANY($1::uuid[]) AND status IN ('processing', 'confirming')`,
    [rewardIds, error, delayMs / 1000],
  )
}

/**
 * The chain refused the payout for good (no funds, wrong key): park the reward, still
 * `processing`, until an operator fixes the cause and retries it with the admin CLI.
 */
export async function parkReward(
  database: Database,
  rewardId: string,
  error: string,
): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.query(
      `UPDATE rewards SET last_error = $2, next_attempt_at = 'infinity', updated_at = now()
        WHERE id = $1 AND status = 'processing'`,
      [rewardId, error],
    )
    await audit(tx, 'worker', 'payout.failed', rewardId, { error })
  })
}

/**
 * An operator's retry of a parked reward: it becomes due, and the next worker settles it by the
 * same exactly-once path as any other (its refused transfer first, in case it landed after all).
 * False when no such reward waits to be paid.
 */
export async function retryParkedReward(
  database: Database,
  rewardId: string,
  actor: AuditActor,
): Promise<boolean> {
  return database.transaction(async (tx) => {
    const rows = await tx.query(
      `UPDATE rewards SET next_attempt_at = now(), updated_at = now()
        WHERE id = $1 AND status = 'processing' RETURNING id`,
      [rewardId],
    )
    if (rows.length === 0) return false
    await audit(tx, actor, 'payout.retried', rewardId, {})
    await publishChange(tx, { kind: 'due' })
    return true
  })
}

/**
 * The chain executed the transaction paying `rewards` (in `blockNum`, when the node said): they
 * are `confirming`, shown with its transaction id, and checked again after `checkAfterMs`.
 */
export async function markConfirming(
  database: Database,
  rewards: RewardOwner[],
  payout: Payout,
  blockNum: number | null,
  checkAfterMs: number,
): Promise<void> {
  await database.transaction(async (tx) => {
    if (blockNum !== null) await recordPayoutBlock(tx, payout.transactionId, blockNum)
    await tx.query(
      `UPDATE rewards SET status = 'confirming', last_error = NULL, updated_at = now(),
              next_attempt_at = now() + make_interval(secs => $2)
        WHERE id = ANY($1::uuid[]) AND status IN ('processing', 'confirming')`,
      [rewards.map((reward) => reward.id), checkAfterMs / 1000],
    )
  })
}

/** Still confirming: look at their finality again after `checkAfterMs`, saying nothing new. */
export async function scheduleFinalityCheck(
  db: Queryable,
  rewardIds: string[],
  checkAfterMs: number,
): Promise<void> {
  await db.query(
    `UPDATE rewards SET last_error = NULL, next_attempt_at = now() + make_interval(secs => $2)
      WHERE id = ANY($1::uuid[]) AND status = 'confirming'`,
    [rewardIds, checkAfterMs / 1000],
  )
}

/**
 * The transaction can never land (its expiry is irreversible and no block holds it): every
 * reward it pays is `processing` again, and those in `due` are due at once, for a new transfer
 * (alone, if the chain refused this one). Throws when the transaction was confirmed meanwhile.
 */
export async function retireLostPayout(
  database: Database,
  payout: Payout,
  due: string[],
): Promise<void> {
  await database.transaction(async (tx) => {
    const rewardIds = await retirePayout(tx, payout.transactionId)
    await audit(tx, 'worker', 'payout.expired', payout.transactionId, { rewards: rewardIds })
    await tx.query(
      `UPDATE rewards SET status = 'processing', updated_at = now(),
              next_attempt_at = CASE WHEN id = ANY($2::uuid[]) THEN now() ELSE next_attempt_at END
        WHERE id = ANY($1::uuid[]) AND status IN ('processing', 'confirming')`,
      [rewardIds, due],
    )
  })
}

/**
 * The transaction paying `rewards` is in an irreversible block: they are completed, and their
 * history entries and completed records appear with them, in one transaction, announced on
 * commit. Running it twice is harmless (the second finds them completed and changes nothing).
 */
export async function completeRewards(
  database: Database,
  rewards: PayableReward[],
  payout: Payout,
  blockNum: number | null,
): Promise<void> {
  await database.transaction(async (tx) => {
    await markPayoutConfirmed(tx, payout.transactionId, blockNum)
    const completed = new Set(
      (
        await tx.query<{ id: string }>(
          `UPDATE rewards SET status = 'completed', reason = NULL, last_error = NULL,
                  updated_at = now()
            WHERE id = ANY($1::uuid[]) AND status IN ('processing', 'confirming') RETURNING id`,
          [rewards.map((reward) => reward.id)],
        )
      ).map((row) => row.id),
    )
    const paid = rewards.filter((reward) => completed.has(reward.id))
    if (paid.length === 0) return
    const quantities = paid.map((reward) => splitQuantity(reward.rewardQuantity))
    await tx.query(
      `INSERT INTO reward_history (reward_id, wax_account, code, amount, token, transaction_id)
       SELECT *, $6 FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[])`,
      [
        paid.map((reward) => reward.id),
        paid.map((reward) => reward.waxAccount),
        paid.map((reward) => reward.code),
        quantities.map((quantity) => quantity.amount),
        quantities.map((quantity) => quantity.token),
        payout.transactionId,
      ],
    )
    await tx.query(
      `INSERT INTO completed_rewards (wax_account, code, reward_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::uuid[])`,
      [
        paid.map((reward) => reward.waxAccount),
        paid.map((reward) => reward.code),
        paid.map((reward) => reward.id),
      ],
    )
  })
}
