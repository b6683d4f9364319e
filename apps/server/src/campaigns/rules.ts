import type { RuleTree } from '@fernwood/protocol'
import type { AdminCampaign, claimRuleFields, NewCampaignRequest } from '@fernwood/protocol/admin'
import {
  AdminAccountAgeInvalid,
  AdminAllowlistInvalid,
  AdminGroupInvalid,
  AdminHoldsNftInvalid,
  AdminMinBalanceInvalid,
  AdminPerWalletInvalid,
  AdminRulesInvalid,
} from '../admin/errors.ts'
import type { Queryable } from '../db/database.ts'
import {
  allowlistAccounts,
  type CampaignEligibility,
  type ChainRule,
  EligibilityRuleInvalid,
  holdsNftRule,
  minAccountAgeRule,
  minBalanceRule,
  type StoredClaimRules,
  saveEligibility,
} from './eligibility.ts'
import { asksFor, checkedRuleTree, topLevel, withTopLevel } from './rule-trees.ts'
import {
  type GroupMembership,
  groupNameOf,
  joinGroup,
  perWalletOf,
  WalletLimitInvalid,
} from './wallet-limits.ts'

/** A new campaign's rules, checked: who may claim it and the group it shares a limit with. */
export interface ClaimRulesDraft {
  eligibility: CampaignEligibility
  membership?: GroupMembership
}

/** The properties of a request that carry a campaign's rules, at its creation and in an edit. */
export type ClaimRulesRequest = Pick<NewCampaignRequest, (typeof claimRuleFields)[number]>

/** Reads one property of a request, refusing the operator's mistake with that field's error. */
function checked<T>(read: () => T, refuse: (detail: string) => Error): T {
  try {
    return read()
  } catch (error) {
    if (error instanceof EligibilityRuleInvalid || error instanceof WalletLimitInvalid) {
      throw refuse(error.message)
    }
    throw error
  }
}

const given = (value: string | undefined): value is string => value !== undefined && value !== ''

/** The allowlist file's accounts of a request, when it gives them. */
export function allowlistOf(text: string | undefined): string[] | undefined {
  return given(text)
    ? checked(
        () => allowlistAccounts(text),
        (detail) => new AdminAllowlistInvalid(detail),
      )
    : undefined
}

/** The rule tree of a request, when it gives one (`--rules <file.json>`), checked. */
export function ruleTreeOf(tree: unknown): RuleTree | null {
  if (tree === undefined || tree === null) return null
  return checked(
    () => checkedRuleTree(tree),
    (detail) => new AdminRulesInvalid(detail),
  )
}

/**
 * The conditions of a request's single-rule properties (`--min-balance`, `--holds-nft`,
 * `--min-account-age-days`) given, each refused with its own field’s error.
 */
export function shorthandConditions(draft: ClaimRulesRequest): ChainRule[] {
  const conditions: ChainRule[] = []
  const textRules = [
    [draft.minBalance, minBalanceRule, AdminMinBalanceInvalid],
    [draft.holdsNft, holdsNftRule, AdminHoldsNftInvalid],
  ] as const
  for (const [text, ruleOf, Refusal] of textRules) {
    if (given(text))
      conditions.push(
        checked(
          () => ruleOf(text),
          () => new Refusal(),
        ),
      )
  }
  if (draft.minAccountAgeDays !== undefined) {
    const days = draft.minAccountAgeDays
    conditions.push(
      checked(
        () => minAccountAgeRule(days),
        () => new AdminAccountAgeInvalid(),
      ),
    )
  }
  return conditions
}

/**
 * A tree as a campaign may keep it once the shorthands are in: checked again (a flag may have
 * nested it one group deeper, or past the most conditions), and its allowlist condition backed by
 * accounts, given now (`allowlist`) or held already (`listed`).
 */
export function finishedTree(
  tree: RuleTree | null,
  allowlist: readonly string[] | undefined,
  listed: boolean,
): RuleTree | null {
  const finished = ruleTreeOf(tree)
  if (asksFor(finished, 'allowlist') && allowlist === undefined && !listed) {
    throw new AdminRulesInvalid('an allowlist condition without the allowlist’s accounts')
  }
  return finished
}

/**
 * The rules of a request: its tree (`--rules`), with the single-rule properties (the CLI's
 * `--allowlist`, `--min-balance`, `--holds-nft`, `--min-account-age-days`) as conditions of its
 * top-level `all` group (rule-trees.ts, withTopLevel): an allowlist given adds its condition
 * unless the tree asks for it already. `--group` and `--per-wallet` set the group's limit.
 */
export function claimRulesOf(draft: ClaimRulesRequest): ClaimRulesDraft {
  const allowlist = allowlistOf(draft.allowlist)
  let tree = ruleTreeOf(draft.rules)
  if (allowlist && !asksFor(tree, 'allowlist')) tree = withTopLevel(tree, { rule: 'allowlist' })
  for (const condition of shorthandConditions(draft)) tree = withTopLevel(tree, condition)
  const perWallet = given(draft.perWallet)
    ? checked(
        () => perWalletOf(draft.perWallet as string),
        () => new AdminPerWalletInvalid(),
      )
    : undefined
  if (perWallet && !given(draft.group)) throw new AdminPerWalletInvalid()
  const group = given(draft.group)
    ? checked(
        () => groupNameOf(draft.group as string),
        () => new AdminGroupInvalid(),
      )
    : undefined
  return {
    eligibility: { tree: finishedTree(tree, allowlist, false), allowlist },
    ...(group && { membership: { group, perWallet } }),
  }
}

/** Stores a new campaign's rules, in the transaction that creates it. */
export async function saveClaimRules(
  tx: Queryable,
  campaignId: number,
  { eligibility, membership }: ClaimRulesDraft,
): Promise<void> {
  await saveEligibility(tx, campaignId, eligibility)
  if (!membership) return
  try {
    await joinGroup(tx, campaignId, membership)
  } catch (error) {
    if (error instanceof WalletLimitInvalid) throw new AdminGroupInvalid()
    throw error
  }
}

/**
 * A campaign's rules as the admin API shows them: its tree, and the top-level conditions the
 * single-rule flags write, as they write them (what `claimRulesOf` reads back); a holds-NFT
 * condition a flag cannot write (of a schema, a count, a name) shows in the tree only.
 */
export function rulesAsWritten(row: StoredClaimRules): AdminCampaign['rules'] {
  const balance = topLevel(row.rules, 'min_balance')
  const nft = topLevel(row.rules, 'holds_nft')
  const flagWritesNft =
    nft && nft.schema === undefined && nft.count === undefined && nft.name === undefined
  return {
    tree: row.rules,
    allowlist: asksFor(row.rules, 'allowlist'),
    minBalance: balance ? `${balance.amount} ${balance.token}@${balance.contract}` : null,
    holdsNft: flagWritesNft
      ? nft.template === undefined
        ? nft.collection
        : `${nft.collection}:${nft.template}`
      : null,
    minAccountAgeDays: topLevel(row.rules, 'min_account_age')?.days ?? null,
    group: row.claim_group,
    perWallet: row.claim_group === null ? null : `${row.claims_per_wallet}/${row.period}`,
  }
}

/** The rules as the audit log keeps them: the allowlist by its size, not its accounts. */
export function auditedRules({ eligibility, membership }: ClaimRulesDraft) {
  return {
    ...(eligibility.allowlist && { allowlistAccounts: eligibility.allowlist.length }),
    ...(eligibility.tree && { rules: eligibility.tree }),
    ...(membership && { group: membership.group, perWallet: membership.perWallet }),
  }
}
