import type { Rejection } from '@fernwood/protocol'
import { enqueueAlert } from '../alerts/alert-events.ts'
import { type AuditActor, audit, auditEach } from '../audit/audit-log.ts'
import { type NftReward, type NftRewardColumns, nftRewardOf } from '../campaigns/nft-reward.ts'
import type { Database, Queryable } from '../db/database.ts'
import { publishChange } from '../events/channel.ts'

/**
 * A reward's status, from its submission:
 *
 *   pending ──claim──▶ processing ──transfer executed──▶ confirming ──block irreversible──▶ completed
 *      └──claim──▶ rejected           ▲   (parked while the chain refuses it; retried by an operator)
 *                                     └──── its transfer can never land: a new one replaces it
 *
 * This module holds the changes the worker and operators make to rewards alone: claiming,
 * rejecting, retrying, parking. The changes a payout transaction's fate makes (executed,
 * irreversible, lost) move the transaction and its rewards together, so they live with the
 * payout's states in `payouts/ledger.ts`. Each change is one transaction that also tells the live
 * feed, so the visitor sees it at once. Conditions on the current status make every change safe
 * to repeat, and harmless when two workers race after a lease ran out.
 */

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
  /** null for an NFT, which `nft` names */
  rewardQuantity: string | null
  tokenContract: string
  nft: NftReward | null
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
  const leased = await tx.query<
    NftRewardColumns & {
      id: string
      attempts: number
      reward_quantity: string | null
      token_contract: string
    }
  >(
    `WITH leased AS (
       UPDATE rewards r
          SET status = CASE WHEN r.status = 'pending' THEN 'processing' ELSE r.status END,
              campaign_id = l.campaign_id,
              attempts = r.attempts + CASE WHEN r.status = 'confirming' THEN 0 ELSE 1 END,
              next_attempt_at = now() + make_interval(secs => $3), updated_at = now()
         FROM unnest($1::uuid[], $2::integer[]) AS l (id, campaign_id)
        WHERE r.id = l.id RETURNING r.id, r.campaign_id, r.attempts)
     SELECT leased.id, leased.attempts, c.reward_quantity, c.token_contract, c.nft_collection,
            c.nft_schema, c.nft_template_id, c.nft_name, c.nft_image, c.nft_pool
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
        nft: nftRewardOf(row),
      },
    ]),
  )
}

/**
 * Accepted rewards that can never be paid (their NFT template's supply is all minted), with no
 * transaction of theirs that may still land: rejected with the reason their visitor reads. The
 * audit log keeps which; the live feed learns it from the rewards' trigger.
 */
export async function rejectUnpayable(
  database: Database,
  rewardIds: string[],
  rejection: Rejection,
  reason: string,
): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.query(
      `UPDATE rewards SET status = 'rejected', rejection = $2, reason = $3, updated_at = now()
        WHERE id = ANY($1::uuid[]) AND status = 'processing'`,
      [rewardIds, rejection, reason],
    )
    await auditEach(tx, 'worker', 'payout.rejected', rewardIds, { rejection })
  })
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
    const [parked] = await tx.query<{ wax_account: string; code: string }>(
      `UPDATE rewards SET last_error = $2, next_attempt_at = 'infinity', updated_at = now()
        WHERE id = $1 AND status = 'processing' RETURNING wax_account, code`,
      [rewardId, error],
    )
    await audit(tx, 'worker', 'payout.failed', rewardId, { error })
    if (parked) {
      await enqueueAlert(tx, 'payout.failed', {
        rewardId,
        account: parked.wax_account,
        code: parked.code,
        error,
      })
    }
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
