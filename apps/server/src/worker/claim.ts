import { audit } from '../audit/audit-log.ts'
import { REJECTION_REASONS, redeemCode } from '../campaigns/catalogue.ts'
import type { Database, Queryable } from '../db/database.ts'
import { publishChange } from '../live/publisher.ts'
import type { PayableReward } from '../payouts/pay-reward.ts'

interface ClaimedRow {
  id: string
  code: string
  wax_account: string
  user_id: string | null
  status: 'pending' | 'processing'
  campaign_id: number | null
}

/**
 * Takes up to `limit` rewards that are due, for this worker alone, and settles what needs no
 * chain (returning how many it took, and those left to pay): pending ones are checked against the catalogue and become `processing` (their share of
 * the campaign taken) or `rejected` with a reason. Each claimed reward is reserved for
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
        WHERE status IN ('pending', 'processing') AND next_attempt_at <= now()
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
    const payable: PayableReward[] = []
    for (const row of due) {
      const reward = await claimOne(tx, row, options.leaseSeconds)
      if (reward) payable.push(reward)
    }
    return { claimed: due.length, payable }
  })
}

async function claimOne(
  tx: Queryable,
  row: ClaimedRow,
  leaseSeconds: number,
): Promise<PayableReward | undefined> {
  let campaignId = row.campaign_id
  if (row.status === 'pending') {
    const verdict = await redeemCode(tx, row.code)
    if ('rejection' in verdict) {
      await tx.query(
        `UPDATE rewards SET status = 'rejected', rejection = $2, reason = $3, updated_at = now()
          WHERE id = $1`,
        [row.id, verdict.rejection, REJECTION_REASONS[verdict.rejection]],
      )
      await publishChange(tx, { kind: 'reward', userId: row.user_id, waxAccount: row.wax_account })
      return undefined
    }
    campaignId = verdict.campaign.id
  }
  const [claimed] = await tx.query<{
    attempts: number
    reward_quantity: string
    token_contract: string
  }>(
    `WITH claimed AS (
       UPDATE rewards SET status = 'processing', campaign_id = $2, attempts = attempts + 1,
              next_attempt_at = now() + make_interval(secs => $3), updated_at = now()
        WHERE id = $1 RETURNING campaign_id, attempts)
     SELECT claimed.attempts, c.reward_quantity, c.token_contract
       FROM claimed JOIN campaigns c ON c.id = claimed.campaign_id`,
    [row.id, campaignId, leaseSeconds],
  )
  if (row.status === 'pending') {
    await publishChange(tx, { kind: 'reward', userId: row.user_id, waxAccount: row.wax_account })
  }
  return {
    id: row.id,
    code: row.code,
    waxAccount: row.wax_account,
    userId: row.user_id,
    rewardQuantity: claimed.reward_quantity,
    tokenContract: claimed.token_contract,
    attempts: claimed.attempts,
  }
}

/** The chain could not be reached: keep the reward `processing` and try again after `delayMs`. */
export async function scheduleRetry(
  database: Database,
  rewardId: string,
  error: string,
  delayMs: number,
): Promise<void> {
  await database.query(
    `UPDATE rewards SET last_error = $2, updated_at = now(),
            next_attempt_at = now() + make_interval(secs => $3)
      WHERE id = $1 AND status = 'processing'`,
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
