import type { Queryable } from '../db/database.ts'

/**
 * `reward.failed`: the chain refused a reward's payout for good and it is parked until an
 * operator retries it (rewards/lifecycle.ts's `parkReward`). Parking keeps the reward's status
 * (`processing`), so no trigger on its status sees it: the park's transaction writes the event
 * to the outbox itself, one row per endpoint following its campaign, as the triggers do for the
 * other events. `failure` says why in a stable word; the chain's own message stays with the
 * operator, as it may speak of the payout account.
 */
export async function enqueueRewardFailed(tx: Queryable, rewardId: string): Promise<void> {
  await tx.query(
    `SELECT enqueue_reward_webhook('reward.failed', r.id, r.wax_account, r.code, r.campaign_id,
                                   jsonb_build_object('failure', 'payout_refused'))
       FROM rewards r WHERE r.id = $1`,
    [rewardId],
  )
}
