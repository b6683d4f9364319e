import type { AccountHoldings } from '../chain/account-holdings.ts'
import type { Queryable } from '../db/database.ts'
import type { ChainRule } from './eligibility.ts'

type HoldsNftRule = Extract<ChainRule, { rule: 'holds_nft' }>

/**
 * The assets that may qualify `account`'s claim of a campaign counting each NFT once: those of
 * its holds-NFT rule the account holds, read through `holdings` (a node that cannot answer throws
 * HoldingsUnavailable, as the rule's check does). Which of them is still free is the database's
 * to decide, in the claim's transaction (take_qualifying_asset). Undefined for a campaign that
 * does not count them.
 */
export async function qualifyingAssetsOf(
  db: Queryable,
  holdings: AccountHoldings,
  campaignId: number,
  account: string,
): Promise<string[] | undefined> {
  const [row] = await db.query<{ rule: HoldsNftRule | null }>(
    `SELECT (SELECT rule FROM jsonb_array_elements(chain_rules) AS rule
              WHERE rule->>'rule' = 'holds_nft' LIMIT 1) AS rule
       FROM campaigns WHERE id = $1 AND once_per_asset`,
    [campaignId],
  )
  if (!row?.rule) return undefined
  return holdings.assetsOf(account, row.rule.collection, row.rule.template)
}
