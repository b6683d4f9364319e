import type { OperatorCheckRefusal, PendingReward, RuleNode } from '@fernwood/protocol'
import { REJECTION_REASONS } from '@fernwood/protocol'
import { hashSessionToken } from '../auth/session-token.ts'
import type { Database } from '../db/database.ts'
import { addressPrefix } from '../fairness/address-prefix.ts'
import { rewardRejections } from '../metrics/instruments.ts'
import type { SubmissionRules } from './submission-rules.ts'

/** A code as the API received it, from a visitor with a session cookie. */
export interface CodeSubmission {
  sessionToken: string
  /** undefined when the request's body was no usable code: counted, never submitted */
  code: string | undefined
  clientAddress: string
  /** the campaign's rule tree, checked for the wallet after it answered `eligibility-required` */
  checked?: EligibilityCheck
}

/**
 * A wallet checked against a campaign's rule tree and its operator's own check: the part of the
 * tree it failed, or the operator's refusal, or null.
 */
export interface EligibilityCheck {
  campaign: number
  failed: RuleNode | OperatorCheckRefusal | null
  /** a campaign counting each NFT once: the wallet's assets that may qualify the claim */
  assets?: string[]
}

/** One submission's answer in `submit_codes`' JSON results. */
interface BatchAnswer {
  /** false without a live session: nothing was counted */
  user: boolean
  limited?: 'address' | 'user'
  ms_left?: number
  wallet?: boolean
  /** the SQLSTATE of an error this submission alone met */
  failed?: string
  /** the new reward, as its list shows it; none when the account held the code already */
  reward?: PendingReward | null
  /** or the campaign whose chain rules the wallet, `account`, must be checked against first */
  eligibility_required?: number | null
  account?: string | null
  /** or the seconds its user or wallet must still wait, past the unknown-code lockout */
  locked_for?: number | null
}

/**
 * What became of one submission; a database failure of its own is an Error instead. A submitted
 * reward the catalogue refused on the spot (an unknown code, a campaign not started or over) is
 * `submitted` too, already `rejected` with its rejection.
 */
export type SubmissionOutcome =
  | { kind: 'submitted'; reward: PendingReward }
  /** the account holds the code already */
  | { kind: 'duplicate' }
  /** no live session, no usable code, or no wallet: the spec gives one message for all */
  | { kind: 'invalid' }
  /** over the client address's or the user's limit, which lifts in `msLeft` */
  | { kind: 'rate-limited'; msLeft: number }
  /** past the unknown-code lockout: its user or wallet must wait `secondsLeft` */
  | { kind: 'locked-out'; secondsLeft: number }
  /** its campaign has chain rules: check `account` against them, then submit it again checked */
  | { kind: 'eligibility-required'; campaignId: number; account: string }
  /** the chain could not answer whether the wallet meets the campaign's rules: try again */
  | { kind: 'eligibility-unavailable' }
  /** the campaign's check URL gave no usable answer: try again */
  | { kind: 'operator-check-unavailable' }

/**
 * Codes submitted through the API, any number in one round trip (`submit_codes`, in
 * `db/functions`), each answered as if sent alone in that order: the visitor's session, the
 * client address's and the user's rate limits, then `submit_reward`, where submissions of one
 * user, and of one wallet, take turns from the lockout's count to their insert, whose unique
 * (wax_account, code) is the duplicate check. The route turns each outcome into its answer.
 * Batches are formed by `submission-batches.ts`; the database announces each new reward on
 * commit.
 */
export async function submitCodes(
  database: Database,
  submissions: readonly CodeSubmission[],
  rules: SubmissionRules,
): Promise<Array<SubmissionOutcome | Error>> {
  const [{ results }] = await database.query<{ results: BatchAnswer[] }>(
    'CALL submit_codes($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, NULL)',
    [
      submissions.map(({ sessionToken }) => hashSessionToken(sessionToken)),
      submissions.map(({ code }) => code ?? null),
      submissions.map(({ clientAddress }) => clientAddress),
      submissions.map(({ clientAddress }) => addressPrefix(clientAddress)),
      SUBMISSION_WINDOW_MS / 1000,
      rules.perAddress,
      rules.perUser,
      rules.lockout.attempts,
      rules.lockout.minutes,
      JSON.stringify(REJECTION_REASONS),
      submissions.some(({ checked }) => checked)
        ? JSON.stringify(submissions.map(({ checked }) => checked ?? null))
        : null,
    ],
    { preparedAs: 'submit_codes' },
  )
  return results.map((answer, index): SubmissionOutcome | Error => {
    const { code } = submissions[index]
    if (!answer.user) return { kind: 'invalid' }
    if (answer.limited) return { kind: 'rate-limited', msLeft: answer.ms_left ?? 0 }
    if (answer.failed) return new Error(`the database refused the submission (${answer.failed})`)
    if (!code || !answer.wallet) return { kind: 'invalid' }
    if (answer.locked_for != null) return { kind: 'locked-out', secondsLeft: answer.locked_for }
    if (answer.eligibility_required != null && answer.account) {
      return {
        kind: 'eligibility-required',
        campaignId: answer.eligibility_required,
        account: answer.account,
      }
    }
    const { reward } = answer
    if (!reward) return { kind: 'duplicate' }
    if (reward.rejection) rewardRejections.inc({ reason: reward.rejection })
    return { kind: 'submitted', reward }
  })
}

// The submission limits are per minute.
const SUBMISSION_WINDOW_MS = 60_000
