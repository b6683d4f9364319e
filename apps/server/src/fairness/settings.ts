import type { HumanCheckInEffect } from '../campaigns/human-check.ts'
import type { Environment } from '../config/environment.ts'

/** Whether a campaign's claims need the proof of work: a campaign's own choice, or the default. */
export type HumanCheck = HumanCheckInEffect

/** The human check's HUMAN_CHECK_* settings (docs/operating.md, "The human check"). */
export interface HumanCheckSettings {
  /** for campaigns that do not choose */
  deploymentDefault: HumanCheck
  /** how long a challenge may be solved and used in */
  ttlSeconds: number
  /** PBKDF2 rounds of one attempt */
  cost: number
  /** attempts a challenge takes at most at base difficulty (half on average) */
  baseAttempts: number
  address: {
    /** other accounts claiming from one address prefix before its difficulty rises */
    freeAccounts: number
    /** base difficulties each further account adds */
    weight: number
    windowMinutes: number
  }
  youngAccount: {
    /** younger than this is young; 0: none is */
    days: number
    /** a young account's difficulty is multiplied by this */
    factor: number
  }
  /** no challenge costs more than this many base difficulties */
  maxFactor: number
}

export function humanCheckSettingsOf(env: Environment): HumanCheckSettings {
  return {
    deploymentDefault: env.HUMAN_CHECK_DEFAULT,
    ttlSeconds: env.HUMAN_CHECK_TTL_SECONDS,
    cost: env.HUMAN_CHECK_COST,
    baseAttempts: env.HUMAN_CHECK_BASE_ATTEMPTS,
    address: {
      freeAccounts: env.HUMAN_CHECK_ADDRESS_FREE_ACCOUNTS,
      weight: env.HUMAN_CHECK_ADDRESS_WEIGHT,
      windowMinutes: env.HUMAN_CHECK_ADDRESS_WINDOW_MINUTES,
    },
    youngAccount: {
      days: env.HUMAN_CHECK_YOUNG_ACCOUNT_DAYS,
      factor: env.HUMAN_CHECK_YOUNG_ACCOUNT_FACTOR,
    },
    maxFactor: env.HUMAN_CHECK_MAX_FACTOR,
  }
}
