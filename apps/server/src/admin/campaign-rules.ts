import type { AdminCampaign, claimRuleFields, NewCampaignRequest } from '@fernwood/protocol/admin'
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
} from '../campaigns/eligibility.ts'
import {
  type GroupMembership,
  groupNameOf,
  joinGroup,
  perWalletOf,
  WalletLimitInvalid,
} from '../campaigns/wallet-limits.ts'
import type { Queryable } from '../db/database.ts'
import {
  AdminAccountAgeInvalid,
  AdminAllowlistInvalid,
  AdminGroupInvalid,
  AdminHoldsNftInvalid,
  AdminMinBalanceInvalid,
  AdminPerWalletInvalid,
} from './errors.ts'

/** A new campaign's rules, checked: who may claim it and the group it shares a limit with. */
export interface ClaimRulesDraft {
  eligibility: CampaignEligibility
  membership?: GroupMembership
}

/** The properties of a request that carry a campaign's rules, at its creation and in an edit. */
export type ClaimRulesRequest = Pick<NewCampaignRequest, (typeof claimRuleFields)[number]>

/**
 * The rules of a request (the CLI's `--allowlist`, `--min-balance`, `--holds-nft`,
 * `--min-account-age-days`, `--group`, `--per-wallet`), each refused with its own field's error.
 */
export function claimRulesOf(draft: ClaimRulesRequest): ClaimRulesDraft {
  const chainRules: ChainRule[] = []
  const given = (value: string | undefined): value is string => value !== undefined && value !== ''
  const checked = <T>(read: () => T, refuse: (detail: string) => Error): T => {
    try {
      return read()
    } catch (error) {
      if (error instanceof EligibilityRuleInvalid || error instanceof WalletLimitInvalid) {
        throw refuse(error.message)
      }
      throw error
    }
  }
  const allowlist = given(draft.allowlist)
    ? checked(
        () => allowlistAccounts(draft.allowlist as string),
        (detail) => new AdminAllowlistInvalid(detail),
      )
    : undefined
  const textRules = [
    [draft.minBalance, minBalanceRule, AdminMinBalanceInvalid],
    [draft.holdsNft, holdsNftRule, AdminHoldsNftInvalid],
  ] as const
  for (const [text, ruleOf, Refusal] of textRules) {
    if (given(text))
      chainRules.push(
        checked(
          () => ruleOf(text),
          () => new Refusal(),
        ),
      )
  }
  if (draft.minAccountAgeDays !== undefined) {
    const days = draft.minAccountAgeDays
    chainRules.push(
      checked(
        () => minAccountAgeRule(days),
        () => new AdminAccountAgeInvalid(),
      ),
    )
  }
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
    eligibility: { allowlist, chainRules },
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

/** A campaign's rules written as a request writes them: what `claimRulesOf` reads back. */
export function rulesAsWritten(row: StoredClaimRules): AdminCampaign['rules'] {
  const ruleOf = <R extends ChainRule['rule']>(rule: R) =>
    row.chain_rules?.find((each): each is Extract<ChainRule, { rule: R }> => each.rule === rule)
  const balance = ruleOf('min_balance')
  const nft = ruleOf('holds_nft')
  return {
    allowlist: row.has_allowlist,
    minBalance: balance ? `${balance.amount} ${balance.token}@${balance.contract}` : null,
    holdsNft: nft
      ? nft.template === undefined
        ? nft.collection
        : `${nft.collection}:${nft.template}`
      : null,
    minAccountAgeDays: ruleOf('min_account_age')?.days ?? null,
    group: row.claim_group,
    perWallet: row.claim_group === null ? null : `${row.claims_per_wallet}/${row.period}`,
  }
}

/** The rules as the audit log keeps them: the allowlist by its size, not its accounts. */
export function auditedRules({ eligibility, membership }: ClaimRulesDraft) {
  return {
    ...(eligibility.allowlist && { allowlistAccounts: eligibility.allowlist.length }),
    ...(eligibility.chainRules.length > 0 && { chainRules: eligibility.chainRules }),
    ...(membership && { group: membership.group, perWallet: membership.perWallet }),
  }
}
