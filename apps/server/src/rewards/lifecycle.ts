import type { Rejection } from '@fernwood/protocol'
import { enqueueAlert } from '../alerts/alert-events.ts'
import { type AuditActor, audit, auditEach } from '../audit/audit-log.ts'
import { type CampaignPayment, readCampaignPayments } from '../campaigns/payments.ts'
import type { Database, Queryable } from '../db/database.ts'
import { publishChange } from '../events/channel.ts'
import { enqueueRewardFailed } from '../partner-webhooks/reward-failed.ts'
import { rewardState } from './reward-state.ts'

/**
 * What the worker and operators do with rewards besides moving their state, which is
 * `reward-state.ts`'s, in the same transaction: what a lease pays, and the audit log, alerts and
 * wake-ups that go with a rejection, a parked payout or an operator's retry.
 */

/** What a worker's lease on a reward says about paying it: what its campaign pays. */
export interface Lease extends CampaignPayment {
  /** how many times a worker has taken it to pay, this time included */
  attempts: number
}

/**
 * A worker takes rewards for `leaseSeconds` (`rewardState.lease`), and reads what each pays from
 * its campaign. Returns what to pay, by reward id.
 */
export async function leaseRewards(
  tx: Queryable,
  rewards: { id: string; campaignId: number | null }[],
  leaseSeconds: number,
): Promise<Map<string, Lease>> {
  const leased = await rewardState.lease(tx, rewards, leaseSeconds)
  if (leased.length === 0) return new Map()
  const payments = await readCampaignPayments(
    tx,
    leased.map((reward) => reward.campaignId),
  )
  return new Map(
    leased.flatMap(({ id, attempts, campaignId }): Array<[string, Lease]> => {
      const payment = payments.get(campaignId)
      return payment ? [[id, { attempts, ...payment }]] : []
    }),
  )
}

/**
 * Accepted rewards that can never be paid (their NFT template's supply is all minted, their pool
 * empty), as leased (their `attempts`): rejected with the reason their visitor reads, unless
 * another worker has leased one since, or a transaction of its own may still land. The audit log
 * keeps which; the live feed learns it from the rewards' trigger. Returns the ids it rejected.
 */
export async function rejectUnpayable(
  database: Database,
  rewards: ReadonlyArray<{ id: string; attempts: number }>,
  rejection: Rejection,
  reason: string,
): Promise<string[]> {
  return database.transaction(async (tx) => {
    const rejected = await rewardState.rejectUnpayable(tx, rewards, rejection, reason)
    await auditEach(tx, 'worker', 'payout.rejected', rejected, { rejection })
    return rejected
  })
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
    const parked = await rewardState.park(tx, rewardId, error)
    await audit(tx, 'worker', 'payout.failed', rewardId, { error })
    if (parked) {
      await enqueueAlert(tx, 'payout.failed', {
        rewardId,
        account: parked.waxAccount,
        code: parked.code,
        error,
      })
      await enqueueRewardFailed(tx, rewardId)
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
    if (!(await rewardState.retryNow(tx, rewardId))) return false
    await audit(tx, actor, 'payout.retried', rewardId, {})
    await publishChange(tx, { kind: 'due' })
    return true
  })
}
