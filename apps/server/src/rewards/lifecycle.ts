import { type AuditActor, audit } from '../audit/audit-log.ts'
import { splitQuantity } from '../campaigns/codes.ts'
import type { Database, Queryable } from '../db/database.ts'
import { publishChange } from '../live/publisher.ts'
import type { PayableReward } from '../payouts/pay-reward.ts'
import {
  markPayoutConfirmed,
  type Payout,
  recordPayoutBlock,
  retirePayout,
  storeSignedPayout,
} from '../payouts/repository.ts'
import type { SignedPayout } from '../payouts/signer.ts'

/**
 * Every status change of a reward after its submission, in one place:
 *
 *   pending ──claim──▶ processing ──transfer executed──▶ confirming ──block irreversible──▶ completed
 *      └──claim──▶ rejected           ▲   (parked while the chain refuses it; retried by an operator)
 *                                     └──── its transfer can never land: a new one replaces it
 *
 * Each change is one transaction that also tells the live feed, so the visitor sees it at once.
 * Conditions on the current status make every change safe to repeat, and harmless when two
 * workers race after a lease ran out.
 */

/** Whose reward it is, for the live feed. */
export type RewardOwner = Pick<PayableReward, 'id' | 'userId' | 'waxAccount'>

/** A code the catalogue refused: the reward is settled, with the reason the visitor reads. */
export async function rejectReward(
  tx: Queryable,
  reward: RewardOwner,
  rejection: string,
  reason: string,
): Promise<void> {
  await tx.query(
    `UPDATE rewards SET status = 'rejected', rejection = $2, reason = $3, updated_at = now()
      WHERE id = $1 AND status = 'pending'`,
    [reward.id, rejection, reason],
  )
  await publishChange(tx, { kind: 'reward', userId: reward.userId, waxAccount: reward.waxAccount })
}

/**
 * A worker takes a reward for `leaseSeconds`: a pending one becomes `processing` with its
 * campaign; one already processing or confirming keeps its status. Returns what to pay. A look
 * at a confirming reward's finality is not an attempt: attempts pace retries after failures.
 */
export async function leaseReward(
  tx: Queryable,
  reward: RewardOwner & { status: string },
  campaignId: number | null,
  leaseSeconds: number,
): Promise<{ attempts: number; rewardQuantity: string; tokenContract: string }> {
  const [leased] = await tx.query<{
    attempts: number
    reward_quantity: string
    token_contract: string
  }>(
    `WITH leased AS (
       UPDATE rewards SET status = CASE WHEN status = 'pending' THEN 'processing' ELSE status END,
              campaign_id = $2,
              attempts = attempts + CASE WHEN status = 'confirming' THEN 0 ELSE 1 END,
              next_attempt_at = now() + make_interval(secs => $3), updated_at = now()
        WHERE id = $1 RETURNING campaign_id, attempts)
     SELECT leased.attempts, c.reward_quantity, c.token_contract
       FROM leased JOIN campaigns c ON c.id = leased.campaign_id`,
    [reward.id, campaignId, leaseSeconds],
  )
  if (reward.status === 'pending') {
    await publishChange(tx, {
      kind: 'reward',
      userId: reward.userId,
      waxAccount: reward.waxAccount,
    })
  }
  return {
    attempts: leased.attempts,
    rewardQuantity: leased.reward_quantity,
    tokenContract: leased.token_contract,
  }
}

/** The chain could not be reached: keep the reward as it is and try again after `delayMs`. */
export async function scheduleRetry(
  db: Queryable,
  rewardId: string,
  error: string,
  delayMs: number,
): Promise<void> {
  await db.query(
    `UPDATE rewards SET last_error = $2, updated_at = now(),
            next_attempt_at = now() + make_interval(secs => $3)
      WHERE id = $1 AND status IN ('processing', 'confirming')`,
    [rewardId, error, delayMs / 1000],
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
 * The chain executed the reward's transfer (in `blockNum`, when the node said): the reward is
 * `confirming`, shown with its transaction id, and checked again after `checkAfterMs`.
 */
export async function markConfirming(
  database: Database,
  reward: RewardOwner,
  payout: Payout,
  blockNum: number | null,
  checkAfterMs: number,
): Promise<void> {
  await database.transaction(async (tx) => {
    if (blockNum !== null) await recordPayoutBlock(tx, payout.id, blockNum)
    const changed = await tx.query(
      `UPDATE rewards SET status = 'confirming', last_error = NULL, updated_at = now(),
              next_attempt_at = now() + make_interval(secs => $2)
        WHERE id = $1 AND status IN ('processing', 'confirming') RETURNING id`,
      [reward.id, checkAfterMs / 1000],
    )
    if (changed.length === 0) return
    await publishChange(tx, {
      kind: 'reward',
      userId: reward.userId,
      waxAccount: reward.waxAccount,
    })
  })
}

/** Still confirming: look at its finality again after `checkAfterMs`, saying nothing new. */
export async function scheduleFinalityCheck(
  db: Queryable,
  rewardId: string,
  checkAfterMs: number,
): Promise<void> {
  await db.query(
    `UPDATE rewards SET last_error = NULL, next_attempt_at = now() + make_interval(secs => $2)
      WHERE id = $1 AND status = 'confirming'`,
    [rewardId, checkAfterMs / 1000],
  )
}

/**
 * The reward's transfer can never land (its expiry is irreversible and no block holds it): a
 * new signed transfer takes its place, and the reward is `processing` again until that one is
 * executed. Throws when another worker settled the old transfer meanwhile.
 */
export async function replacePayout(
  database: Database,
  reward: RewardOwner,
  old: Payout,
  signed: SignedPayout,
): Promise<Payout> {
  return database.transaction(async (tx) => {
    if (!(await retirePayout(tx, old.id))) {
      throw new Error(`payout ${old.id} was settled meanwhile`)
    }
    const payout = await storeSignedPayout(tx, reward.id, signed)
    await audit(tx, 'worker', 'payout.replaced', reward.id, {
      transactionId: signed.transactionId,
      replaces: old.transactionId,
    })
    const reopened = await tx.query(
      `UPDATE rewards SET status = 'processing', updated_at = now()
        WHERE id = $1 AND status = 'confirming' RETURNING id`,
      [reward.id],
    )
    if (reopened.length > 0) {
      await publishChange(tx, {
        kind: 'reward',
        userId: reward.userId,
        waxAccount: reward.waxAccount,
      })
    }
    return payout
  })
}

/**
 * The reward's transfer is in an irreversible block: the reward is completed, and its history
 * entry and completed record appear with it, in one transaction, announced on commit. Running it
 * twice is harmless (the second finds the reward completed and changes nothing).
 */
export async function completeReward(
  database: Database,
  reward: PayableReward,
  payout: Payout,
  blockNum: number | null,
): Promise<void> {
  const { amount, token } = splitQuantity(reward.rewardQuantity)
  await database.transaction(async (tx) => {
    await markPayoutConfirmed(tx, payout.id, blockNum)
    const completed = await tx.query(
      `UPDATE rewards SET status = 'completed', reason = NULL, last_error = NULL, updated_at = now()
        WHERE id = $1 AND status IN ('processing', 'confirming') RETURNING id`,
      [reward.id],
    )
    if (completed.length === 0) return
    await tx.query(
      `INSERT INTO reward_history (reward_id, wax_account, code, amount, token, transaction_id)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [reward.id, reward.waxAccount, reward.code, amount, token, payout.transactionId],
    )
    await tx.query(
      'INSERT INTO completed_rewards (wax_account, code, reward_id) VALUES ($1, $2, $3)',
      [reward.waxAccount, reward.code, reward.id],
    )
    await publishChange(tx, {
      kind: 'history',
      userId: reward.userId,
      waxAccount: reward.waxAccount,
    })
  })
}
