import { conditionsOf, type EligibilityRule, groupMembers, type RuleNode } from '@fernwood/protocol'
import type { AccountHoldings, HeldAsset } from '../chain/account-holdings.ts'

/** Whether an account meets a campaign's rule tree, and through which NFTs. */
export interface RuleVerdict {
  /**
   * The part of the tree it does not meet: the first condition of an `all` group it fails, or
   * an `any` group none of whose members it meets (for the visitor to read its alternatives);
   * null when it meets the tree.
   */
  failed: RuleNode | null
  /**
   * The ids of the assets of the holds-NFT conditions through which it meets the tree, in the
   * tree's order: those of a member of a group the account fails do not qualify it. One claim per
   * NFT takes one of them.
   */
  assets: string[]
}

/** Where a tree's conditions are answered: the chain, and the campaign's allowlist. */
export interface RuleSources {
  holdings: AccountHoldings
  /** whether the account is on the campaign's allowlist; asked only of a tree that has one */
  listed: () => Promise<boolean>
}

/** What the conditions are decided on, each read once however many conditions ask it. */
interface Facts {
  listed?: boolean
  /** balances by contract, then by symbol */
  balances: Map<string, ReadonlyMap<string, string>>
  assets?: readonly HeldAsset[]
  createdAt?: number
}

/** A node's answer: met, not met, or unknown while a read it needs failed. */
interface Decision {
  met: boolean | undefined
  failed: RuleNode | null
  assets: string[]
}

/**
 * Decides `tree` for `account`. Every read the tree needs is made at once, each one once (an
 * account's balances per contract, its assets, its creation): a tree of twenty conditions costs
 * the node no more reads than its distinct contracts and two. A read that fails decides nothing
 * by itself: an `any` group met through another member is met. Only when the verdict depends on
 * a failed read does it throw that read's HoldingsUnavailable, for the claim to be tried again.
 */
export async function ruleVerdict(
  tree: RuleNode,
  account: string,
  { holdings, listed }: RuleSources,
  now = Date.now(),
): Promise<RuleVerdict> {
  const conditions = conditionsOf(tree)
  const asks = (rule: EligibilityRule['rule']) => conditions.some((each) => each.rule === rule)
  const facts: Facts = { balances: new Map() }
  const contracts = new Set(
    conditions.flatMap((each) => (each.rule === 'min_balance' ? [each.contract] : [])),
  )
  const reads = await Promise.allSettled([
    ...[...contracts].map(async (contract) =>
      facts.balances.set(contract, await holdings.balances(account, contract)),
    ),
    asks('holds_nft') && holdings.heldAssets(account).then((assets) => (facts.assets = assets)),
    asks('min_account_age') &&
      holdings.createdAt(account).then((createdAt) => (facts.createdAt = createdAt)),
  ])
  // The allowlist is the database's: its failure is not the chain's, and is not retried here.
  if (asks('allowlist')) facts.listed = await listed()
  const decision = decide(tree, facts, now)
  if (decision.met === undefined) {
    throw reads.find((read) => read.status === 'rejected')?.reason
  }
  return { failed: decision.failed, assets: decision.met ? [...new Set(decision.assets)] : [] }
}

function decide(node: RuleNode, facts: Facts, now: number): Decision {
  const members = groupMembers(node)
  if (!members) {
    const { met, assets } = meets(node as EligibilityRule, facts, now)
    return { met, failed: met === false ? node : null, assets }
  }
  const decisions = members.map((member) => decide(member, facts, now))
  const metBy = decisions.filter((decision) => decision.met)
  const assets = metBy.flatMap((decision) => decision.assets)
  if ('all' in node) {
    const failed = decisions.find((decision) => decision.met === false)
    if (failed) return { met: false, failed: failed.failed, assets: [] }
    return metBy.length === decisions.length
      ? { met: true, failed: null, assets }
      : { met: undefined, failed: null, assets: [] }
  }
  if (metBy.length > 0) return { met: true, failed: null, assets }
  if (decisions.some((decision) => decision.met === undefined)) {
    return { met: undefined, failed: null, assets: [] }
  }
  // An `any` of one member fails as that member does.
  return { met: false, failed: decisions.length === 1 ? decisions[0].failed : node, assets: [] }
}

/** Whether the facts meet one condition (undefined while its read failed), and its NFTs. */
function meets(
  rule: EligibilityRule,
  facts: Facts,
  now: number,
): { met: boolean | undefined; assets: string[] } {
  switch (rule.rule) {
    case 'allowlist':
      return { met: facts.listed, assets: [] }
    case 'min_balance': {
      const balances = facts.balances.get(rule.contract)
      return {
        met: balances && atLeast(balances.get(rule.token) ?? '0', rule.amount),
        assets: [],
      }
    }
    case 'holds_nft': {
      if (!facts.assets) return { met: undefined, assets: [] }
      const matching = facts.assets
        .filter(
          (asset) =>
            asset.collection === rule.collection &&
            (rule.schema === undefined || asset.schema === rule.schema) &&
            (rule.template === undefined || asset.template === rule.template),
        )
        .map((asset) => asset.id)
      const met = matching.length >= (rule.count ?? 1)
      return { met, assets: met ? matching : [] }
    }
    case 'min_account_age':
      return {
        met:
          facts.createdAt === undefined
            ? undefined
            : now - facts.createdAt >= rule.days * 86_400_000,
        assets: [],
      }
  }
}

/** Whether the decimal `amount` ('12.5') is at least `minimum` ('10.0000'), exactly. */
function atLeast(amount: string, minimum: string): boolean {
  const [whole, fraction = ''] = amount.split('.')
  const [minWhole, minFraction = ''] = minimum.split('.')
  const places = Math.max(fraction.length, minFraction.length)
  const scaled = (w: string, f: string) => BigInt(w + f.padEnd(places, '0'))
  return scaled(whole, fraction) >= scaled(minWhole, minFraction)
}
