import type { Rejection } from '@fernwood/protocol'
import { REJECTION_REASONS } from '@fernwood/protocol'
import { redeemCodes } from '../campaigns/catalogue.ts'
import type { Database } from '../db/database.ts'
import { rewardRejections } from '../metrics/instruments.ts'
import type { PayableReward } from '../payouts/payable-reward.ts'
import { leaseRewards } from '../rewards/lifecycle.ts'
import { rewardState } from '../rewards/reward-state.ts'

interface ClaimedRow {
  id: string
  code: string
  wax_account: string
  user_id: string | null
  status: 'pending' | 'processing' | 'confirming'
  campaign_id: number | null
  created_at: Date
}

/**
 * Takes up to `limit` rewards that are due, for this worker alone, and settles what needs no
 * chain (returning how many it took, and those left to pay or to confirm): pending ones are
 * checked against the catalogue and become `processing` (their share of the campaign taken) or
 * `rejected` with a reason. Each claimed reward is reserved for
 * `leaseSeconds`; a worker that dies loses it to another after that. `SKIP LOCKED` lets any
 * number of workers claim side by side without waiting on, or taking, each other's rows.
 */
export async function claimDueRewards(
  database: Database,
  options: { limit: number; leaseSeconds: number },
): Promise<{ claimed: number; payable: PayableReward[] }> {
  // Counted once the claim commits: a claim rolled back refused nothing.
  const refused: Array<{ id: string; rejection: Rejection; reason: string }> = []
  const claimed = await database.transaction(async (tx) => {
    const due = await tx.query<ClaimedRow>(
      `SELECT id, code, wax_account, user_id, status, campaign_id, created_at FROM rewards
        WHERE status IN ('pending', 'processing', 'confirming') AND next_attempt_at <= now()
        ORDER BY next_attempt_at
        LIMIT $1
        FOR UPDATE SKIP LOCKED`,
      [options.limit],
    )
    // In code order, as ever: concurrent claims of one capped campaign share it the same way.
    due.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    const pending = due.filter((row) => row.status === 'pending')
    const verdicts = await redeemCodes(
      tx,
      pending.map((row) => row.code),
      pending.map((row) => new Date(row.created_at)),
    )
    const accepted: (ClaimedRow & { campaignId: number | null })[] = due
      .filter((row) => row.status !== 'pending')
      .map((row) => ({ ...row, campaignId: row.campaign_id }))
    for (const [index, row] of pending.entries()) {
      const verdict = verdicts[index]
      if ('campaignId' in verdict) {
        accepted.push({ ...row, campaignId: verdict.campaignId })
        continue
      }
      const { rejection } = verdict
      refused.push({ id: row.id, rejection, reason: REJECTION_REASONS[rejection] })
    }
    await rewardState.refuse(tx, refused)
    if (accepted.length === 0) return { claimed: due.length, payable: [] }
    const leases = await leaseRewards(tx, accepted, options.leaseSeconds)
    const payable = accepted.flatMap((row): PayableReward[] => {
      const lease = leases.get(row.id)
      if (!lease) return []
      return [
        {
          id: row.id,
          code: row.code,
          waxAccount: row.wax_account,
          userId: row.user_id,
          status: row.status === 'confirming' ? 'confirming' : 'processing',
          firstTaken: row.status === 'pending',
          ...lease,
        },
      ]
    })
    return { claimed: due.length, payable }
  })
  for (const { rejection } of refused) rewardRejections.inc({ reason: rejection })
  return claimed
}
