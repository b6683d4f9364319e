import type { RuleTree } from '@fernwood/protocol'
import { type CampaignEditRequest, claimRuleFields } from '@fernwood/protocol/admin'
import { AdminPerWalletInvalid } from '../admin/errors.ts'
import type { Queryable } from '../db/database.ts'
import { asksFor, type RuleKind, withoutKind, withTopLevel } from './rule-trees.ts'
import {
  allowlistOf,
  type ClaimRulesRequest,
  claimRulesOf,
  finishedTree,
  ruleTreeOf,
  saveClaimRules,
  shorthandConditions,
} from './rules.ts'
import { readWalletLimit } from './wallet-limits.ts'

type RuleField = keyof ClaimRulesRequest

/** The single-rule properties of an edit, with the kind of condition each one writes. */
const SHORTHAND_FIELDS = [
  ['allowlist', 'allowlist'],
  ['minBalance', 'min_balance'],
  ['holdsNft', 'holds_nft'],
  ['minAccountAgeDays', 'min_account_age'],
] as const satisfies ReadonlyArray<readonly [RuleField, RuleKind]>

/** A campaign's rules as the audit log shows them: the allowlist by its size, null where unset. */
interface ShownRules {
  rules: RuleTree | null
  allowlistAccounts: number | null
  group: string | null
  perWallet: string | null
}

interface StoredRules {
  rules: RuleTree | null
  claim_group: string | null
  allowlisted: number
}

/** What a rules edit changed, property by property, for the campaign's `campaign.edited` audit. */
export interface RulesChange {
  before: Partial<ShownRules>
  after: Partial<ShownRules>
}

/**
 * Applies an edit's rules to a campaign, in the caller's transaction (under the campaign's lock):
 * `rules` replaces the whole tree (null: no rules); then each single-rule property given either
 * replaces its kind's condition at the tree's top level (withTopLevel) or, null or '', removes
 * every condition of its kind (withoutKind); an allowlist given replaces the campaign's accounts.
 * Parsed and refused as a new campaign's are; the rest stay. A tree left without the allowlist
 * condition drops its accounts. Claims submitted after the transaction meet the new rules.
 */
export async function editClaimRules(
  tx: Queryable,
  campaignId: number,
  edit: CampaignEditRequest,
): Promise<RulesChange> {
  const given = (field: RuleField) => edit[field] !== undefined
  if (!claimRuleFields.some(given)) return { before: {}, after: {} }
  const stored = await readStoredRules(tx, campaignId)
  const before = await shownRules(tx, campaignId, stored)
  const groupRemoved = given('group') && !edit.group
  // A group's limit cannot be unset: it goes with the group, and a limit needs a group to hold it.
  if (
    (given('perWallet') && !edit.perWallet && !groupRemoved) ||
    (groupRemoved && edit.perWallet)
  ) {
    throw new AdminPerWalletInvalid()
  }
  const draft = claimRulesOf({
    group: given('group')
      ? (edit.group ?? undefined)
      : edit.perWallet
        ? (stored.claim_group ?? undefined)
        : undefined,
    perWallet: edit.perWallet ?? undefined,
  })
  const allowlist = allowlistOf(edit.allowlist ?? undefined)
  let tree = given('rules') ? ruleTreeOf(edit.rules) : stored.rules
  const conditions = shorthandConditions({
    minBalance: edit.minBalance ?? undefined,
    holdsNft: edit.holdsNft ?? undefined,
    minAccountAgeDays: edit.minAccountAgeDays ?? undefined,
  })
  for (const [field, kind] of SHORTHAND_FIELDS) {
    if (!given(field)) continue
    // New accounts for a tree that asks for the allowlist already leave the tree as it is.
    if (kind === 'allowlist' && allowlist && asksFor(tree, kind)) continue
    const condition =
      kind === 'allowlist'
        ? allowlist && { rule: kind }
        : conditions.find((each) => each.rule === kind)
    tree = condition ? withTopLevel(tree, condition) : withoutKind(tree, kind)
  }
  // An allowlist removed goes with its accounts, even where a new tree still asked for it.
  const listed = stored.allowlisted > 0 && !(given('allowlist') && !allowlist)
  await saveClaimRules(tx, campaignId, {
    eligibility: {
      tree: finishedTree(tree, allowlist, listed),
      allowlist: given('allowlist') ? (allowlist ?? []) : undefined,
    },
    membership: given('group') || given('perWallet') ? draft.membership : undefined,
  })
  if (groupRemoved) {
    await tx.query('UPDATE campaigns SET claim_group = NULL WHERE id = $1', [campaignId])
  }
  const after = await shownRules(tx, campaignId, await readStoredRules(tx, campaignId))
  const changed = (Object.keys(before) as Array<keyof ShownRules>).filter(
    (key) =>
      JSON.stringify(before[key]) !== JSON.stringify(after[key]) ||
      (key === 'allowlistAccounts' && given('allowlist')),
  )
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  }
}

async function readStoredRules(tx: Queryable, campaignId: number): Promise<StoredRules> {
  const [row] = await tx.query<StoredRules>(
    `SELECT rules, claim_group,
            (SELECT count(*)::int FROM campaign_allowlists WHERE campaign_id = $1) AS allowlisted
       FROM campaigns WHERE id = $1`,
    [campaignId],
  )
  return row
}

async function shownRules(
  tx: Queryable,
  campaignId: number,
  stored: StoredRules,
): Promise<ShownRules> {
  const limit = await readWalletLimit(tx, campaignId)
  return {
    rules: stored.rules,
    allowlistAccounts: stored.allowlisted > 0 ? stored.allowlisted : null,
    group: limit?.group ?? null,
    perWallet: limit ? `${limit.claims}/${limit.period}` : null,
  }
}
