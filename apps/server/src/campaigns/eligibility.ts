import type {
  ClaimRules,
  EligibilityRule,
  RuleNode,
  RuleTree,
  WalletLimitPeriod,
} from '@fernwood/protocol'
import { ANTELOPE_NAME, isAntelopeName } from '@fernwood/protocol/names'
import type { AccountHoldings } from '../chain/account-holdings.ts'
import type { Queryable } from '../db/database.ts'
import { ruleVerdict } from './rule-verdict.ts'

/** A condition the chain answers: every condition but the allowlist, which the database looks up. */
export type ChainRule = Exclude<EligibilityRule, { rule: 'allowlist' }>

/**
 * Who may claim a campaign: its rule tree (null for anyone) and, when given, its allowlist's
 * accounts (undefined: those it holds stay).
 */
export interface CampaignEligibility {
  tree: RuleTree | null
  allowlist?: readonly string[]
}

/** The most accounts one allowlist may hold. */
const MAX_ALLOWLIST_ACCOUNTS = 100_000

const MIN_BALANCE = new RegExp(`^([0-9]+(?:\\.[0-9]+)?) ([A-Z]{1,7})@(${ANTELOPE_NAME})$`)
const HOLDS_NFT = new RegExp(`^(${ANTELOPE_NAME})(?::([0-9]{1,9}))?$`)

/** Why an operator's rule was refused, e.g. 'line 3: "Bob" is not a WAX account name'. */
export class EligibilityRuleInvalid extends Error {
  override name = 'EligibilityRuleInvalid'
}

/** `--min-balance "<amount> <SYMBOL>@<contract>"`, e.g. "100.0000 FERN@fern.token". */
export function minBalanceRule(text: string): ChainRule {
  const match = MIN_BALANCE.exec(text.trim())
  if (!match) throw new EligibilityRuleInvalid('--min-balance')
  return { rule: 'min_balance', amount: match[1], token: match[2], contract: match[3] }
}

/** `--holds-nft <collection>[:<template>]`, e.g. "fernwoodnfts:1". */
export function holdsNftRule(text: string): ChainRule {
  const match = HOLDS_NFT.exec(text.trim())
  if (!match) throw new EligibilityRuleInvalid('--holds-nft')
  return {
    rule: 'holds_nft',
    collection: match[1],
    ...(match[2] !== undefined && { template: Number(match[2]) }),
  }
}

/** `--min-account-age-days <n>`: a whole number of days, 1 to 36,500. */
export function minAccountAgeRule(days: number): ChainRule {
  if (!Number.isInteger(days) || days < 1 || days > 36_500) {
    throw new EligibilityRuleInvalid('--min-account-age-days')
  }
  return { rule: 'min_account_age', days }
}

/**
 * The accounts of an allowlist file: one a line, or a CSV whose header has an `account` column
 * (quotes allowed; account names hold no commas). Blank lines and repeats are skipped.
 */
export function allowlistAccounts(text: string): string[] {
  const lines = text.split(/\r?\n/)
  const cells = (line: string) => line.split(',').map((cell) => cell.trim().replace(/^"|"$/g, ''))
  const header = cells(lines[0] ?? '').map((cell) => cell.toLowerCase())
  const column = header.indexOf('account')
  const isCsv = column >= 0
  if (!isCsv && header.length > 1) {
    throw new EligibilityRuleInvalid('allowlist: a CSV file needs an "account" column')
  }
  const accounts = new Set<string>()
  lines.forEach((line, index) => {
    if (isCsv && index === 0) return
    const account = isCsv ? (cells(line)[column] ?? '') : line.trim()
    if (account === '') return
    if (!isAntelopeName(account)) {
      throw new EligibilityRuleInvalid(`allowlist: line ${index + 1}: ${notAnAccount(account)}`)
    }
    accounts.add(account)
  })
  if (accounts.size === 0) throw new EligibilityRuleInvalid('allowlist: no accounts')
  if (accounts.size > MAX_ALLOWLIST_ACCOUNTS) {
    throw new EligibilityRuleInvalid(
      `allowlist: ${accounts.size} accounts, more than ${MAX_ALLOWLIST_ACCOUNTS}`,
    )
  }
  return [...accounts]
}

/** Says how the chain spells a name written with trailing dots, which it reads as the same account. */
function notAnAccount(text: string): string {
  const shown = `"${text.slice(0, 20)}"`
  const canonical = text.replace(/\.+$/, '')
  return isAntelopeName(canonical)
    ? `${shown} is spelled "${canonical}" on chain`
    : `${shown} is not a WAX account name`
}

// Rows per insert of an allowlist: one statement's parameters stay small on either driver.
const ALLOWLIST_CHUNK = 10_000

/**
 * Stores a campaign's eligibility, in the caller's transaction: its tree (from which the database
 * derives what a claim must look up: has_allowlist, allowlist_required, rules_on_chain; migration
 * 034) and, when given, its allowlist's accounts in place of those it held. A tree without the
 * allowlist condition takes its accounts away.
 */
export async function saveEligibility(
  tx: Queryable,
  campaignId: number,
  { tree, allowlist }: CampaignEligibility,
): Promise<void> {
  const [{ has_allowlist }] = await tx.query<{ has_allowlist: boolean }>(
    'UPDATE campaigns SET rules = $2 WHERE id = $1 RETURNING has_allowlist',
    [campaignId, tree === null ? null : JSON.stringify(tree)],
  )
  if (allowlist !== undefined || !has_allowlist) {
    await tx.query('DELETE FROM campaign_allowlists WHERE campaign_id = $1', [campaignId])
  }
  for (let start = 0; allowlist && start < allowlist.length; start += ALLOWLIST_CHUNK) {
    await tx.query(
      `INSERT INTO campaign_allowlists (campaign_id, account)
       SELECT $1, account FROM unnest($2::text[]) AS account ON CONFLICT DO NOTHING`,
      [campaignId, allowlist.slice(start, start + ALLOWLIST_CHUNK)],
    )
  }
}

/**
 * A campaign's stored rules, read beside the campaign with its group's limit (campaign_groups
 * joined, its period named by periodNameOf): the claim page's preview and the console's overview.
 */
export interface StoredClaimRules {
  rules: RuleTree | null
  claim_group: string | null
  /** null outside any group; a group's row exists for each campaign in it (a foreign key) */
  claims_per_wallet: number | null
  period: string | null
}

/** Who may claim a campaign and how often, as its claim page shows it; undefined without rules. */
export function shownClaimRules(row: StoredClaimRules): ClaimRules | undefined {
  const walletLimit =
    row.claim_group === null
      ? null
      : {
          group: row.claim_group,
          claims: row.claims_per_wallet as number,
          period: row.period as WalletLimitPeriod,
        }
  if (row.rules === null && !walletLimit) return undefined
  return { eligibility: row.rules, walletLimit }
}

/** A wallet checked against a campaign's rules, as a submission carries it to the database. */
export interface EligibilityVerdict {
  /** the part of the rules it does not meet, or null */
  failed: RuleNode | null
  /** for a campaign counting each NFT once: the assets that may qualify the claim */
  assets?: string[]
}

/**
 * Checks `account` against the campaign's rule tree when the chain answers part of it (a tree of
 * the allowlist alone is the database's, in the submission itself): the whole tree, its
 * allowlist looked up here, read through `holdings` (cached there). A node that cannot answer
 * throws HoldingsUnavailable: that is not the account's failure, and the claim may be tried again.
 */
export async function checkEligibility(
  db: Queryable,
  holdings: AccountHoldings,
  campaignId: number,
  account: string,
  now = Date.now(),
): Promise<EligibilityVerdict> {
  const [row] = await db.query<{ rules: RuleTree; once_per_asset: boolean }>(
    'SELECT rules, once_per_asset FROM campaigns WHERE id = $1 AND rules_on_chain',
    [campaignId],
  )
  if (!row) return { failed: null }
  const verdict = await ruleVerdict(
    row.rules,
    account,
    { holdings, listed: () => isListed(db, campaignId, account) },
    now,
  )
  return {
    failed: verdict.failed,
    ...(row.once_per_asset && verdict.failed === null && { assets: verdict.assets }),
  }
}

async function isListed(db: Queryable, campaignId: number, account: string): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM campaign_allowlists WHERE campaign_id = $1 AND account = $2',
    [campaignId, account],
  )
  return rows.length > 0
}
