import { type CampaignEditRequest, claimRuleFields } from '@fernwood/protocol/admin'
import type { ChainRule } from '../campaigns/eligibility.ts'
import { readWalletLimit } from '../campaigns/wallet-limits.ts'
import type { Queryable } from '../db/database.ts'
import { type ClaimRulesRequest, claimRulesOf, saveClaimRules } from './campaign-rules.ts'
import { AdminPerWalletInvalid } from './errors.ts'

type RuleField = keyof ClaimRulesRequest

/** The request's fields of the rules the chain answers, with the rule each one writes. */
const CHAIN_RULE_FIELDS = [
  ['minBalance', 'min_balance'],
  ['holdsNft', 'holds_nft'],
  ['minAccountAgeDays', 'min_account_age'],
] as const satisfies ReadonlyArray<readonly [RuleField, ChainRule['rule']]>

/** A campaign's rules as the audit log shows them: the allowlist by its size, null where unset. */
type ShownRules = Record<'allowlistAccounts' | Exclude<RuleField, 'allowlist'>, unknown>

interface StoredRules {
  has_allowlist: boolean
  chain_rules: ChainRule[] | null
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
 * each rule given replaces the campaign's (null or '' removes it), parsed and refused as a new
 * campaign's are; the rest stay. Claims submitted after the transaction meet the new rules.
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
    allowlist: edit.allowlist ?? undefined,
    minBalance: edit.minBalance ?? undefined,
    holdsNft: edit.holdsNft ?? undefined,
    minAccountAgeDays: edit.minAccountAgeDays ?? undefined,
    group: given('group')
      ? (edit.group ?? undefined)
      : edit.perWallet
        ? (stored.claim_group ?? undefined)
        : undefined,
    perWallet: edit.perWallet ?? undefined,
  })
  const kept = stored.chain_rules ?? []
  const chainRules = CHAIN_RULE_FIELDS.flatMap(([field, rule]) =>
    (given(field) ? draft.eligibility.chainRules : kept).filter((each) => each.rule === rule),
  )
  if (given('allowlist')) {
    await tx.query('DELETE FROM campaign_allowlists WHERE campaign_id = $1', [campaignId])
  }
  await saveClaimRules(tx, campaignId, {
    eligibility: {
      // Not given, the allowlist keeps its stored accounts: an empty one adds none to them.
      allowlist: given('allowlist')
        ? draft.eligibility.allowlist
        : stored.has_allowlist
          ? []
          : undefined,
      chainRules,
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
    `SELECT has_allowlist, chain_rules, claim_group,
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
  const ruleOf = (rule: ChainRule['rule']) =>
    stored.chain_rules?.find((each) => each.rule === rule) ?? null
  const limit = await readWalletLimit(tx, campaignId)
  return {
    allowlistAccounts: stored.has_allowlist ? stored.allowlisted : null,
    minBalance: ruleOf('min_balance'),
    holdsNft: ruleOf('holds_nft'),
    minAccountAgeDays: ruleOf('min_account_age'),
    group: limit?.group ?? null,
    perWallet: limit ? `${limit.claims}/${limit.period}` : null,
  }
}
