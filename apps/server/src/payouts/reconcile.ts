import { payingContracts } from '../campaigns/payments.ts'
import { campaignPaysOf } from '../campaigns/references.ts'
import type { Queryable } from '../db/database.ts'
import type { ChainTransfer, TransferHistory } from './transfer-history.ts'

/** One way the chain and the database disagree, in words naming the reward and transactions. */
export interface Discrepancy {
  kind: 'paid-twice' | 'not-on-chain' | 'unknown-memo' | 'wrong-transfer' | 'paid-while-unsettled'
  rewardId: string | null
  transactionIds: string[]
  message: string
}

export interface Reconciliation {
  discrepancies: Discrepancy[]
  transfersChecked: number
  completedRewardsChecked: number
}

// The memo every payout carries: '<product> reward <reward id>'.
const REWARD_MEMO = /\breward ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/
const LOOKUP_BATCH = 1000

interface RewardRow {
  id: string
  status: string
  wax_account: string
  reward_quantity: string | null
  paid_quantity: string | null
  paid_by: string | null
  transfers: string[]
}

/**
 * Compares the payout account's transfers on chain with the rewards in the database, and names
 * every disagreement: a reward paid twice, a completed reward with no transfer on chain, a
 * transfer whose memo names no known reward, a transfer to another account or of another amount
 * than the reward's, and a reward paid on chain that the database does not consider paid.
 * With `since`, only transfers in blocks since then and rewards whose transfer was signed since
 * then are compared (a transfer lands after it is signed, so each such reward's is among them).
 */
export async function reconcilePayouts(
  db: Queryable,
  history: TransferHistory,
  options: { payoutAccount: string; since: Date | null },
): Promise<Reconciliation> {
  const contracts = await payingContracts(db)
  const transfers: ChainTransfer[] = []
  if (contracts.length > 0) {
    for await (const transfer of history.transfersFrom(
      options.payoutAccount,
      contracts,
      options.since,
    )) {
      transfers.push(transfer)
    }
  }

  const discrepancies: Discrepancy[] = []
  const byReward = new Map<string, ChainTransfer[]>()
  for (const transfer of transfers) {
    const rewardId = REWARD_MEMO.exec(transfer.memo)?.[1]
    if (rewardId) byReward.set(rewardId, [...(byReward.get(rewardId) ?? []), transfer])
  }
  const rewards = await rewardsById(db, [...byReward.keys()])

  for (const transfer of transfers) {
    const rewardId = REWARD_MEMO.exec(transfer.memo)?.[1]
    if (rewardId && rewards.has(rewardId)) continue
    discrepancies.push({
      kind: 'unknown-memo',
      rewardId: null,
      transactionIds: [transfer.transactionId],
      message: `transfer ${transfer.transactionId}: ${transfer.quantity} to ${transfer.to} with memo "${transfer.memo}" names no known reward`,
    })
  }

  for (const [rewardId, paid] of byReward) {
    const reward = rewards.get(rewardId)
    if (!reward) continue
    const ids = [...new Set(paid.map((transfer) => transfer.transactionId))]
    if (ids.length > 1) {
      discrepancies.push({
        kind: 'paid-twice',
        rewardId,
        transactionIds: ids,
        message: `reward ${rewardId} (${reward.wax_account}) paid ${ids.length} times on chain: ${ids.join(', ')}`,
      })
    }
    const expected = reward.paid_quantity ?? reward.reward_quantity
    for (const transfer of paid) {
      if (transfer.to === reward.wax_account && transfer.quantity === expected) continue
      discrepancies.push({
        kind: 'wrong-transfer',
        rewardId,
        transactionIds: [transfer.transactionId],
        message: `reward ${rewardId}: transfer ${transfer.transactionId} paid ${transfer.quantity} to ${transfer.to}, the reward is ${expected} to ${reward.wax_account}`,
      })
    }
    if (reward.status === 'completed') {
      if (reward.paid_by && !ids.includes(reward.paid_by)) {
        discrepancies.push({
          kind: 'not-on-chain',
          rewardId,
          transactionIds: [reward.paid_by, ...ids],
          message: `reward ${rewardId} completed with transaction ${reward.paid_by}, which is not on chain; the chain shows ${ids.join(', ')}`,
        })
      }
      continue
    }
    // A transfer still settling (sent, confirming) is the reward's own: anything else is not.
    const unsettled = ids.filter((id) => !reward.transfers.includes(id))
    if (unsettled.length > 0 || !['processing', 'confirming'].includes(reward.status)) {
      discrepancies.push({
        kind: 'paid-while-unsettled',
        rewardId,
        transactionIds: ids,
        message: `reward ${rewardId} is ${reward.status}, yet the chain shows it paid by ${ids.join(', ')}`,
      })
    }
  }

  const completed = await db.query<{ reward_id: string; transaction_id: string }>(
    `SELECT h.reward_id, h.transaction_id FROM reward_history h
       JOIN payouts p ON p.transaction_id = h.transaction_id AND p.reward_id = h.reward_id
      WHERE $1::timestamptz IS NULL OR p.created_at >= $1::timestamptz`,
    [options.since],
  )
  const onChain = new Set(transfers.map((transfer) => transfer.transactionId))
  for (const { reward_id: rewardId, transaction_id: transactionId } of completed) {
    if (onChain.has(transactionId) || byReward.has(rewardId)) continue
    discrepancies.push({
      kind: 'not-on-chain',
      rewardId,
      transactionIds: [transactionId],
      message: `reward ${rewardId} completed with transaction ${transactionId}, which is not among the payout account's transfers`,
    })
  }
  return {
    discrepancies,
    transfersChecked: transfers.length,
    completedRewardsChecked: completed.length,
  }
}

/** The rewards transfers name, with what they should have paid and the transfers made for them. */
async function rewardsById(db: Queryable, ids: string[]): Promise<Map<string, RewardRow>> {
  const rewards = new Map<string, RewardRow>()
  for (let start = 0; start < ids.length; start += LOOKUP_BATCH) {
    const rows = await db.query<RewardRow>(
      `SELECT r.id, r.status, r.wax_account,
              CASE WHEN c.pool THEN 'asset ' || coalesce(h.asset_id, t.asset_id)
                   ELSE c.quantity END AS reward_quantity,
              h.amount || ' ' || h.token AS paid_quantity, h.transaction_id AS paid_by,
              coalesce((SELECT array_agg(p.transaction_id) FROM payouts p
                         WHERE p.reward_id = r.id AND p.state <> 'expired'), '{}') AS transfers
         FROM rewards r
         LEFT JOIN LATERAL ${campaignPaysOf('r.campaign_id')} c ON true
         LEFT JOIN reward_history h ON h.reward_id = r.id
         LEFT JOIN nft_pool_takes t ON t.reward_id = r.id
        WHERE r.id = ANY($1::uuid[])`,
      [ids.slice(start, start + LOOKUP_BATCH)],
    )
    for (const row of rows) rewards.set(row.id, row)
  }
  return rewards
}
