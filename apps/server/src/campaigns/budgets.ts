import { Asset } from '@wharfkit/antelope'
import type { Queryable } from '../db/database.ts'

/**
 * A campaign's budget is the number of rewards it reserves at creation: whatever form the
 * operator gave it in (an amount of the campaign's token, or a count, as an NFT campaign's is),
 * the worker counts it against the same `claimed_count` as the cap, under the same lock.
 */

/** Why a budget cannot be taken as given. */
export type BudgetProblem = 'invalid' | 'not_whole_rewards'

/**
 * The rewards `budget` pays: a count ("250") as is, or an amount of the reward's own token
 * ("2500.0000 FERN" for a reward of "10.0000 FERN") divided by the reward, which must divide it
 * exactly (a remainder no reward could spend would be reserved for nothing). A campaign that
 * pays no amount (`rewardQuantity` null, an NFT's) takes a count only.
 */
export function budgetRewardsOf(
  budget: string,
  rewardQuantity: string | null,
): { rewards: number } | { problem: BudgetProblem } {
  const text = budget.trim()
  if (/^[0-9]{1,9}$/.test(text)) {
    const rewards = Number(text)
    return rewards >= 1 ? { rewards } : { problem: 'invalid' }
  }
  if (rewardQuantity === null || !/^[0-9]+(\.[0-9]+)? [A-Z]{1,7}$/.test(text)) {
    return { problem: 'invalid' }
  }
  const amount = Asset.from(text)
  const reward = Asset.from(rewardQuantity)
  const precision = Math.max(amount.symbol.precision, reward.symbol.precision)
  const [total, each] = [unitsAt(amount, precision), unitsAt(reward, precision)]
  if (amount.symbol.name !== reward.symbol.name || each === 0n || total % each !== 0n) {
    return { problem: 'not_whole_rewards' }
  }
  const rewards = total / each
  if (rewards === 0n) return { problem: 'not_whole_rewards' }
  return rewards > 2_147_483_647n ? { problem: 'invalid' } : { rewards: Number(rewards) }
}

/** `rewards` of `rewardQuantity` each, as one amount: "2500.0000 FERN". */
export function amountOfRewards(rewards: number, rewardQuantity: string): string {
  const reward = Asset.from(rewardQuantity)
  return Asset.fromUnits(reward.units.multiplying(rewards), reward.symbol).toString()
}

/**
 * What open budgets still have to pay from the payout account, in its token: for each campaign
 * not closed or ended that pays `symbol` of `tokenContract`, its budget less the rewards already
 * paid (a reward claimed but not yet paid still needs the funds). Zero when there are none.
 */
export async function reservedByOpenBudgets(
  db: Queryable,
  tokenContract: string,
  symbol: string,
): Promise<{ reserved: string; campaigns: number }> {
  const rows = await db.query<{ reward_quantity: string; unpaid: number }>(
    `SELECT c.reward_quantity,
            c.budget_rewards - (SELECT count(*)::int FROM rewards r
                                 WHERE r.campaign_id = c.id AND r.status = 'completed') AS unpaid
       FROM campaigns c
      WHERE c.budget_rewards IS NOT NULL AND c.closed_at IS NULL
        AND (c.ends_at IS NULL OR c.ends_at > now()) AND c.token_contract = $1
        AND c.reward_quantity LIKE '% ' || $2`,
    [tokenContract, symbol],
  )
  const unpaid = rows.map((row) =>
    Asset.from(amountOfRewards(Math.max(0, row.unpaid), row.reward_quantity)),
  )
  // Rewards of one token may be written with different precisions: add in the finest.
  const precision = Math.max(0, ...unpaid.map((amount) => amount.symbol.precision))
  const units = unpaid.reduce((sum, amount) => sum + unitsAt(amount, precision), 0n)
  return {
    reserved: Asset.fromUnits(units.toString(), `${precision},${symbol}`).toString(),
    campaigns: rows.length,
  }
}

/** Whether `amount` is more than `than`, two amounts of one token (precisions may differ). */
export function exceeds(amount: string, than: string): boolean {
  const [a, b] = [Asset.from(amount), Asset.from(than)]
  const precision = Math.max(a.symbol.precision, b.symbol.precision)
  return unitsAt(a, precision) > unitsAt(b, precision)
}

function unitsAt(amount: Asset, precision: number): bigint {
  return BigInt(amount.units.toString()) * 10n ** BigInt(precision - amount.symbol.precision)
}
