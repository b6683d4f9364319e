import type { AccountHoldings } from '../chain/account-holdings.ts'
import { readServerSecret } from '../config/server-secret.ts'
import type { Database } from '../db/database.ts'
import { addressPrefix } from './address-prefix.ts'
import { HumanCheckChallenges, type SignedChallenge } from './challenges.ts'
import { CheckedCodes } from './checked-codes.ts'
import { spendChallenge } from './claim-records.ts'
import { assessRisk, attemptsFor, difficultyFactor } from './difficulty.ts'
import { HumanCheckReplayed, HumanCheckRequired } from './errors.ts'
import type { HumanCheckSettings } from './settings.ts'

/** A claim as the submission route receives it. */
export interface ClaimAttempt {
  /** normalised; undefined when the body held no usable code (the submission refuses it) */
  code: string | undefined
  sessionToken: string | undefined
  /** the solved challenge, as the client sent it */
  solution: string | undefined
}

/**
 * The human check: whether a claim may go ahead, and the challenges that let it. A claim of a
 * campaign whose check is on (its own `human_check`, or HUMAN_CHECK_DEFAULT) goes ahead only with
 * a solution of a challenge issued to its session for its code, unexpired and never used before;
 * otherwise it is refused before it reaches the database's submission (and any of its locks), as
 * is the next attempt of a batch, each claim being checked on its own before it joins one.
 *
 * In scope: shared codes and unique ones (claim links), the welcome code among them: a code
 * everyone knows, which farms take first. Out of scope: a kiosk's codes (admin/kiosk.ts), each of
 * one use, on a screen at the event and replaced within KIOSK_CODE_SECONDS: a farm takes one
 * claim per screen's turn at most, the presence it takes is the check, and a queue at the booth
 * would pay the wait.
 *
 * The difficulty follows the claim's risk (difficulty.ts), read when the challenge is issued,
 * never while the submission holds a lock.
 */
export class HumanCheck {
  readonly checkedCodes: CheckedCodes
  #challenges: Promise<HumanCheckChallenges> | undefined

  constructor(
    readonly database: Database,
    private readonly holdings: AccountHoldings,
    readonly settings: HumanCheckSettings,
  ) {
    this.checkedCodes = new CheckedCodes(database, settings.deploymentDefault)
  }

  /** A challenge for a signed-in visitor's claim of `code`, as costly as the claim is risky. */
  async issue(claim: {
    sessionToken: string
    code: string
    account: string | null
    clientAddress: string
  }): Promise<{ challenge: SignedChallenge; factor: number }> {
    const risk = await assessRisk(this.database, this.holdings, this.settings, {
      addressPrefix: addressPrefix(claim.clientAddress),
      account: claim.account,
    })
    const factor = difficultyFactor(risk, this.settings)
    const challenges = await this.#signer()
    const challenge = await challenges.issue(
      claim,
      claim.account,
      attemptsFor(factor, this.settings),
    )
    return { challenge, factor }
  }

  /**
   * Lets a claim go ahead, or refuses it (HUMAN_CHECK_*). Lets it through unchecked when the
   * check does not apply: its campaign has it off (answered from memory), or the claim is refused
   * anyway (no session, no usable code). A solution is spent here, once for all servers, before
   * the claim is sent. The claim, once accepted, counts for its network's next ones by itself.
   */
  async admit(claim: ClaimAttempt): Promise<void> {
    const { code, sessionToken } = claim
    if (!code || !sessionToken) return
    if ((await this.checkedCodes.checkOf(code)) === 'off') return
    if (!claim.solution) throw new HumanCheckRequired()
    const challenges = await this.#signer()
    const solution = await challenges.verify(claim.solution, { sessionToken, code })
    if (!(await spendChallenge(this.database, solution.nonce, solution.expiresAt))) {
      throw new HumanCheckReplayed()
    }
  }

  #signer(): Promise<HumanCheckChallenges> {
    this.#challenges ??= readServerSecret(this.database).then(
      (secret) => new HumanCheckChallenges(secret, this.settings),
    )
    this.#challenges.catch(() => {
      this.#challenges = undefined
    })
    return this.#challenges
  }
}
