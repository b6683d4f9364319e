import { ANTELOPE_NAME } from '@fernwood/protocol/names'
import { REJECTION_REASONS } from '@fernwood/protocol/rejections'
import { type Static, Type } from 'typebox'
import { AdminCampaignNotFound } from '../admin/errors.ts'
import type { Operator } from '../admin/operations.ts'
import { auditEach } from '../audit/audit-log.ts'
import { campaignIdBySlug, claimOnCampaign } from '../campaigns/references.ts'
import type { Database } from '../db/database.ts'
import { type RewardStatus, rewardState } from '../rewards/reward-state.ts'

/**
 * A campaign's review window (`payout_delay_seconds`): its claims wait, pending, that long before
 * a worker may pay them, and meanwhile its operator may reject any of them (a farm's cluster) in
 * one action. The wait is set on each reward when it is submitted (`submit_reward` makes it due
 * at created_at + the window), so the workers' queue (worker/claim.ts) stays one indexed read of
 * what is due, and a campaign without a window pays at once, as before.
 */

// One action's rewards: a report's cluster, not a campaign's every claim.
const MAX_SELECTED = 10_000

/**
 * What an operator rejects, the input of the operation the CLI and the console will share: the
 * campaign (its slug), and its rewards by id or all its rewards of some accounts.
 */
export const OperatorRejectionInputSchema = Type.Object(
  {
    campaign: Type.String({ minLength: 1, maxLength: 64 }),
    selection: Type.Union([
      Type.Object(
        {
          rewardIds: Type.Array(Type.String({ format: 'uuid' }), {
            minItems: 1,
            maxItems: MAX_SELECTED,
          }),
        },
        { additionalProperties: false },
      ),
      Type.Object(
        {
          accounts: Type.Array(Type.String({ pattern: `^${ANTELOPE_NAME}$` }), {
            minItems: 1,
            maxItems: MAX_SELECTED,
          }),
        },
        { additionalProperties: false },
      ),
    ]),
  },
  { additionalProperties: false },
)
export type RewardSelection = Static<typeof OperatorRejectionInputSchema>['selection']

/** A reward of the selection, by whom it was claimed. */
export interface SelectedReward {
  id: string
  account: string
}

/** What an operator's rejection did. */
export interface OperatorRejection {
  /** rejected now, `rejected_by_operator`: their visitors see it at once */
  rejected: SelectedReward[]
  /**
   * selected, but no longer the operator's to reject: being paid (processing, confirming), paid
   * (completed), or rejected already; a worker may have taken one between the report and now
   */
  kept: Array<SelectedReward & { status: Exclude<RewardStatus, 'pending'> }>
}

/**
 * Rejects the selected rewards of `campaignSlug` still pending (waiting out its review window,
 * or not yet taken by a worker) as `rejected_by_operator`, in one transaction, each in the audit
 * log with who rejected it. A reward a worker has taken is being paid and is kept: its transfer
 * may be signed already. Each selected row is locked before it is looked at, so a worker's lease
 * of it either committed first (and it is kept) or waits and finds it rejected. Rewards by id
 * that are no claim of this campaign are left out.
 */
export async function rejectRewardsAsOperator(
  database: Database,
  operator: Operator,
  campaignSlug: string,
  selection: RewardSelection,
): Promise<OperatorRejection> {
  return database.transaction(async (tx) => {
    const campaignId = await campaignIdBySlug(tx, campaignSlug)
    if (campaignId === undefined) throw new AdminCampaignNotFound(campaignSlug)
    const selected = await tx.query<{ id: string; wax_account: string; status: RewardStatus }>(
      `SELECT r.id::text, r.wax_account, r.status FROM rewards r
        WHERE ${claimOnCampaign('r', '$1')} AND (r.id = ANY($2::uuid[]) OR r.wax_account = ANY($3::text[]))
        ORDER BY r.id
          FOR UPDATE OF r`,
      [
        campaignId,
        'rewardIds' in selection ? selection.rewardIds : [],
        'accounts' in selection ? selection.accounts : [],
      ],
    )
    const rejected: OperatorRejection['rejected'] = []
    const kept: OperatorRejection['kept'] = []
    for (const { id, wax_account: account, status } of selected) {
      if (status === 'pending') rejected.push({ id, account })
      else kept.push({ id, account, status })
    }
    // The same move as a refusal by the catalogue: pending to rejected, with the visitor's reason.
    await rewardState.refuse(
      tx,
      rejected.map(({ id }) => ({
        id,
        rejection: 'rejected_by_operator' as const,
        reason: REJECTION_REASONS.rejected_by_operator,
      })),
    )
    if (rejected.length > 0) {
      await auditEach(
        tx,
        operator,
        'reward.rejected_by_operator',
        rejected.map(({ id }) => id),
        { campaign: campaignSlug },
      )
    }
    return { rejected, kept }
  })
}
