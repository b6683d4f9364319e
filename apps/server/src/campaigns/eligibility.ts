import type { ClaimRules, EligibilityRule, WalletLimitPeriod } from '@fernwood/protocol'
import { ANTELOPE_NAME, isAntelopeName } from '@fernwood/protocol/names'
import type { AccountHoldings } from '../chain/account-holdings.ts'
import type { Queryable } from '../db/database.ts'

/** A rule the chain answers: every rule but the allowlist, which the database looks up. */
export type ChainRule = Exclude<EligibilityRule, { rule: 'allowlist' }>

/** Who may claim a campaign: an allowlist's accounts, when it has one, and the chain's rules. */
export interface CampaignEligibility {
  allowlist?: readonly string[]
  chainRules: ChainRule[]
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

/** Stores a new campaign's eligibility, in the caller's transaction. */
export async function saveEligibility(
  tx: Queryable,
  campaignId: number,
  { allowlist, chainRules }: CampaignEligibility,
): Promise<void> {
  await tx.query('UPDATE campaigns SET has_allowlist = $2, chain_rules = $3 WHERE id = $1', [
    campaignId,
    allowlist !== undefined,
    chainRules.length > 0 ? JSON.stringify(chainRules) : null,
  ])
  for (let start = 0; allowlist && start < allowlist.length; start += ALLOWLIST_CHUNK) {
    await tx.query(
      `INSERT INTO campaign_allowlists (campaign_id, account)
       SELECT $1, account FROM unnest($2::text[]) AS account ON CONFLICT DO NOTHING`,
      [campaignId, allowlist.slice(start, start + ALLOWLIST_CHUNK)],
    )
  }
}

/** The chain's rules of a campaign, as submissions check them. */
export async function readChainRules(db: Queryable, campaignId: number): Promise<ChainRule[]> {
  const [row] = await db.query<{ chain_rules: ChainRule[] | null }>(
    'SELECT chain_rules FROM campaigns WHERE id = $1',
    [campaignId],
  )
  return row?.chain_rules ?? []
}

/**
 * A campaign's stored rules, read beside the campaign with its group's limit (campaign_groups
 * joined, its period named by periodNameOf): the claim page's preview and the console's overview.
 */
export interface StoredClaimRules {
  has_allowlist: boolean
  chain_rules: ChainRule[] | null
  claim_group: string | null
  /** null outside any group; a group's row exists for each campaign in it (a foreign key) */
  claims_per_wallet: number | null
  period: string | null
}

/** Who may claim a campaign and how often, as its claim page shows it; undefined without rules. */
export function shownClaimRules(row: StoredClaimRules): ClaimRules | undefined {
  const eligibility: EligibilityRule[] = [
    ...(row.has_allowlist ? [{ rule: 'allowlist' as const }] : []),
    ...(row.chain_rules ?? []),
  ]
  const walletLimit =
    row.claim_group === null
      ? null
      : {
          group: row.claim_group,
          claims: row.claims_per_wallet as number,
          period: row.period as WalletLimitPeriod,
        }
  if (eligibility.length === 0 && !walletLimit) return undefined
  return { eligibility, walletLimit }
}

/**
 * The first of `rules` the account fails, or undefined when it meets them all, read through
 * `holdings` (cached there). A node that cannot answer throws HoldingsUnavailable: that is not
 * the account's failure, and the claim may be tried again.
 */
export async function failedChainRule(
  holdings: AccountHoldings,
  rules: readonly ChainRule[],
  account: string,
  now = Date.now(),
): Promise<ChainRule | undefined> {
  const verdicts = await Promise.all(
    rules.map(async (rule) => {
      switch (rule.rule) {
        case 'min_balance':
          return atLeast(await holdings.balance(account, rule.contract, rule.token), rule.amount)
        case 'holds_nft':
          return holdings.holdsAsset(account, rule.collection, rule.template)
        case 'min_account_age':
          return now - (await holdings.createdAt(account)) >= rule.days * 86_400_000
      }
    }),
  )
  return rules.find((_, index) => !verdicts[index])
}

/** Whether the decimal `amount` ('12.5') is at least `minimum` ('10.0000'), exactly. */
function atLeast(amount: string, minimum: string): boolean {
  const [whole, fraction = ''] = amount.split('.')
  const [minWhole, minFraction = ''] = minimum.split('.')
  const places = Math.max(fraction.length, minFraction.length)
  const scaled = (w: string, f: string) => BigInt(w + f.padEnd(places, '0'))
  return scaled(whole, fraction) >= scaled(minWhole, minFraction)
}
