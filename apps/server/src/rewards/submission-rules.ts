import type { Environment } from '../config/environment.ts'

/** After `attempts` unknown codes within `minutes`, a user and their wallet must wait. */
export interface LockoutLimits {
  attempts: number
  minutes: number
}

/** The rules a code submission through the API meets, besides the catalogue's. */
export interface SubmissionRules {
  /** codes per minute from one client address, and from one user */
  perAddress: number
  perUser: number
  lockout: LockoutLimits
}

/** The submission rules a deployment set (CODE_SUBMITS_PER_MINUTE…, INVALID_CODE_LOCKOUT_…). */
export function submissionRulesOf(env: Environment): SubmissionRules {
  return {
    perAddress: env.CODE_SUBMITS_PER_MINUTE_PER_ADDRESS,
    perUser: env.CODE_SUBMITS_PER_MINUTE,
    lockout: {
      attempts: env.INVALID_CODE_LOCKOUT_ATTEMPTS,
      minutes: env.INVALID_CODE_LOCKOUT_MINUTES,
    },
  }
}
