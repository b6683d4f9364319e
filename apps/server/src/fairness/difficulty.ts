import { type AccountHoldings, HoldingsUnavailable } from '../chain/account-holdings.ts'
import type { Database } from '../db/database.ts'
import { otherAccountsBehind } from './claim-records.ts'
import type { HumanCheckSettings } from './settings.ts'

/** What makes a claim likelier to be a farm's. */
export interface ClaimRisk {
  /** other accounts with a claim accepted from the same address prefix within the window */
  otherAccounts: number
  /** the claiming account is younger than HUMAN_CHECK_YOUNG_ACCOUNT_DAYS */
  youngAccount: boolean
}

/**
 * How many base difficulties a claim's challenge costs: one, plus `weight` for each other
 * account behind its address past the free ones, times the young-account factor, at most
 * `maxFactor`. Linear in the accounts, so the hundredth account behind one address pays for
 * each claim about two hundred times what a visitor at home does (at the default weight).
 */
export function difficultyFactor(risk: ClaimRisk, settings: HumanCheckSettings): number {
  const { address, youngAccount, maxFactor } = settings
  const crowd = 1 + address.weight * Math.max(0, risk.otherAccounts - address.freeAccounts)
  return Math.min(maxFactor, crowd * (risk.youngAccount ? youngAccount.factor : 1))
}

/** The attempts a challenge of `factor` base difficulties takes at most. */
export function attemptsFor(factor: number, settings: HumanCheckSettings): number {
  return Math.max(1, Math.round(settings.baseAttempts * factor))
}

/**
 * A claim's risk: the accounts behind its address (one read, no lock), and its account's age
 * through the chain gateway (cached for good: a creation time never changes). A chain that does
 * not answer counts the account as young: the check errs towards cost, never refuses for it.
 */
export async function assessRisk(
  database: Database,
  holdings: AccountHoldings,
  settings: HumanCheckSettings,
  claim: { addressPrefix: string; account: string | null },
): Promise<ClaimRisk> {
  const [otherAccounts, youngAccount] = await Promise.all([
    otherAccountsBehind(
      database,
      claim.addressPrefix,
      claim.account,
      settings.address.windowMinutes,
    ),
    isYoung(holdings, settings, claim.account),
  ])
  return { otherAccounts, youngAccount }
}

async function isYoung(
  holdings: AccountHoldings,
  { youngAccount }: HumanCheckSettings,
  account: string | null,
): Promise<boolean> {
  if (!account || youngAccount.days === 0) return false
  try {
    const createdAt = await holdings.createdAt(account)
    return Date.now() - createdAt < youngAccount.days * DAY_MS
  } catch (error) {
    if (error instanceof HoldingsUnavailable) return true
    throw error
  }
}

const DAY_MS = 86_400_000
