import { REJECTION_REASONS, redeemCode } from '../campaigns/catalogue.ts'
import type { Database, Queryable } from '../db/database.ts'
import { rewardRejections } from '../metrics/instruments.ts'
import type { PayableReward } from '../payouts/pay-batch.ts'
import { leaseRewards, rejectReward } from '../rewards/lifecycle.ts'

interface ClaimedRow {
  id: string
  code: string
  wax_account: string
  user_id: string | null
  status: 'pending' | 'processing' | 'confirming'
  campaign_id: number | null
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
  return database.transaction(async (tx) => {
    const due = await tx.query<ClaimedRow>(
      `SELECT id, code, wax_account, user_id, status, campaign_id FROM rewards
        WHERE status IN ('pending', 'processing', 'confirming') AND next_attempt_at <= now()
        ORDER BY next_attempt_at
        LIMIT $1
        FOR UPDATE SKIP LOCKED`,
      [options.limit],
    )
    // Every claim locks campaigns first, in id order, then codes in code order: concurrent
    // workers then always wait on each other in the same order and can never deadlock.
    const pendingCodes = due.filter((row) => row.status === 'pending').map((row) => row.code)
    if (pendingCodes.length > 0) {
      await tx.query(
        `SELECT id FROM campaigns WHERE id IN (SELECT campaign_id FROM codes WHERE code = ANY($1))
          ORDER BY id FOR UPDATE`,
        [pendingCodes],
      )
    }
    due.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    const accepted: (ClaimedRow & { campaignId: number | null })[] = []
    for (const row of due) {
      const campaignId = await acceptedCampaign(tx, row)
      if (campaignId !== undefined) accepted.push({ ...row, campaignId })
    }
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
          ...lease,
        },
      ]
    })
    return { claimed: due.length, payable }
  })
}

/**
 * The campaign a claimed reward is paid from: a pending one's code is redeemed (its share of the
 * campaign taken), or rejected with a reason (undefined); one already accepted keeps its own.
 */
async function acceptedCampaign(
  tx: Queryable,
  row: ClaimedRow,
): Promise<number | null | undefined> {
  if (row.status !== 'pending') return row.campaign_id
  const verdict = await redeemCode(tx, row.code)
  if ('rejection' in verdict) {
    const owner = { id: row.id, userId: row.user_id, waxAccount: row.wax_account }
    await rejectReward(tx, owner, verdict.rejection, REJECTION_REASONS[verdict.rejection])
    rewardRejections.inc({ reason: verdict.rejection })
    return undefined
  }
  return verdict.campaign.id
}
