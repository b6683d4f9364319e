import { createHmac } from 'node:crypto'
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { Type } from 'typebox'
import Value from 'typebox/value'
import { hashSessionToken } from '../auth/session-token.ts'
import { keyFor } from '../config/server-secret.ts'
import { HumanCheckExpired, HumanCheckInvalid } from './errors.ts'

/** What a challenge is bound to: the visitor's session and the code it claims. */
export interface ChallengeBinding {
  sessionToken: string
  /** normalised, as the submission normalises it */
  code: string
}

/** A challenge as issued: always signed. */
export type SignedChallenge = Challenge & { signature: string }

/** A solution that holds for its claim, not yet spent. */
export interface VerifiedSolution {
  /** the challenge's own random nonce: what marks it spent */
  nonce: string
  expiresAt: Date
  /** the wallet the challenge was issued to, whose claim it then counts */
  account: string | null
}

/**
 * What the client sends back: ALTCHA's payload (the challenge as issued and its solution), as
 * the base64 of its JSON, as ALTCHA's widget sends it. Read loosely: the signature is the check.
 */
const SolutionPayloadSchema = Type.Object({
  challenge: Type.Object({
    parameters: Type.Object({ nonce: Type.String(), data: Type.Optional(Type.Unknown()) }),
    signature: Type.String(),
  }),
  solution: Type.Object({ counter: Type.Integer(), derivedKey: Type.String() }),
})

const ChallengeDataSchema = Type.Object({
  session: Type.String(),
  code: Type.String(),
  account: Type.Union([Type.String(), Type.Null()]),
})

// PBKDF2 runs natively in both Node (its thread pool) and browsers (WebCrypto): neither side pays
// a JavaScript hash's slowness, so the visitor's cost is what the setting says.
const ALGORITHM = 'PBKDF2/SHA-256'

/**
 * ALTCHA challenges signed with keys derived from the server's secret. A challenge is made in
 * ALTCHA's deterministic mode: the server picks the counter (at random, up to the attempts the
 * risk asks for) and derives its key once, so the work is exactly known and, the derived key
 * being signed too, a solution is verified with one HMAC, never by redoing the work.
 */
export class HumanCheckChallenges {
  readonly #signatureSecret: string
  readonly #keySignatureSecret: string
  readonly #bindingKey: Buffer

  constructor(
    serverSecret: Buffer,
    private readonly options: { cost: number; ttlSeconds: number },
  ) {
    this.#signatureSecret = keyFor(serverSecret, 'human-check challenge').toString('hex')
    this.#keySignatureSecret = keyFor(serverSecret, 'human-check key').toString('hex')
    this.#bindingKey = keyFor(serverSecret, 'human-check session')
  }

  /** A challenge for `binding`, of `attempts` key derivations at most (half on average). */
  async issue(
    binding: ChallengeBinding,
    account: string | null,
    attempts: number,
  ): Promise<SignedChallenge> {
    const { parameters, signature } = await createChallenge({
      algorithm: ALGORITHM,
      cost: this.options.cost,
      // From 0: a counter drawn from a range further up would let a solver skip its bottom. Up
      // to attempts - 1, as altcha-lib's randomInt includes its maximum.
      counter: randomInt(attempts - 1, 0),
      deriveKey,
      expiresAt: new Date(Date.now() + this.options.ttlSeconds * 1000),
      hmacSignatureSecret: this.#signatureSecret,
      hmacKeySignatureSecret: this.#keySignatureSecret,
      data: { session: this.#sessionTag(binding.sessionToken), code: binding.code, account },
    })
    if (!signature) throw new Error('ALTCHA left a challenge unsigned')
    return { parameters, signature }
  }

  /** The solution `payload` holds for `binding`; or refuses it as expired or invalid. */
  async verify(payload: string, binding: ChallengeBinding): Promise<VerifiedSolution> {
    const decoded = parsePayload(payload)
    if (!decoded) throw new HumanCheckInvalid()
    const { challenge, solution } = decoded
    let result: Awaited<ReturnType<typeof verifySolution>>
    try {
      result = await verifySolution({
        challenge: challenge as Challenge,
        solution,
        deriveKey,
        hmacSignatureSecret: this.#signatureSecret,
        hmacKeySignatureSecret: this.#keySignatureSecret,
      })
    } catch {
      // A parameter no signature could cover (a nonce that is no hex): tampered with.
      throw new HumanCheckInvalid()
    }
    if (result.expired) throw new HumanCheckExpired()
    if (!result.verified) throw new HumanCheckInvalid()
    const { parameters } = challenge as Challenge
    const data = parameters.data
    if (
      !Value.Check(ChallengeDataSchema, data) ||
      data.session !== this.#sessionTag(binding.sessionToken) ||
      data.code !== binding.code ||
      parameters.expiresAt === undefined
    ) {
      throw new HumanCheckInvalid()
    }
    return {
      nonce: parameters.nonce,
      expiresAt: new Date(parameters.expiresAt * 1000),
      account: data.account,
    }
  }

  /** Names the session without revealing anything of its token (the challenge is public). */
  #sessionTag(sessionToken: string): string {
    return createHmac('sha256', this.#bindingKey)
      .update(hashSessionToken(sessionToken))
      .digest('base64url')
  }
}

function parsePayload(payload: string) {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'))
    return Value.Check(SolutionPayloadSchema, decoded) ? decoded : undefined
  } catch {
    return undefined
  }
}
