import type { AdminCampaign } from '@fernwood/protocol/admin'
import { amountOfRewards, budgetRewardsOf } from '../campaigns/budgets.ts'
import { AdminBudgetInvalid, AdminBudgetNotWholeRewards } from './errors.ts'

/**
 * A new campaign's `budget` as the rewards it reserves (null without one), or its refusal. A
 * campaign paying no amount (`reward` null: an NFT) takes a count only.
 */
export function budgetRewardsFrom(
  budget: string | undefined,
  reward: string | null | undefined,
): number | null {
  if (budget === undefined || budget.trim() === '') return null
  const taken = budgetRewardsOf(budget, reward ?? null)
  if ('rewards' in taken) return taken.rewards
  if (taken.problem === 'not_whole_rewards') throw new AdminBudgetNotWholeRewards(reward)
  throw new AdminBudgetInvalid()
}

/** A campaign's budget as operators read it: its rewards, and what they pay when a token does. */
export function budgetShown(
  rewards: number | null,
  reward: string | null,
): AdminCampaign['budget'] {
  if (rewards === null) return null
  return { rewards, amount: reward === null ? null : amountOfRewards(rewards, reward) }
}
