import { type Static, Type } from 'typebox'

/** `POST /api/claims/challenge`: the code about to be claimed, as typed; the server normalises it. */
export const HumanCheckChallengeRequestSchema = Type.Object({ code: Type.String() })

/** An ALTCHA (v2) challenge, exactly as signed: its parameters are what the signature covers. */
export const HumanCheckChallengeSchema = Type.Object({
  parameters: Type.Object({
    algorithm: Type.String({ description: "the key derivation, 'PBKDF2/SHA-256'" }),
    nonce: Type.String(),
    salt: Type.String(),
    cost: Type.Integer({ description: 'PBKDF2 rounds of one attempt' }),
    keyLength: Type.Integer(),
    keyPrefix: Type.String({ description: 'what the derived key of the solution starts with' }),
    keySignature: Type.Optional(Type.String()),
    expiresAt: Type.Optional(Type.Integer({ description: 'seconds since 1970' })),
    data: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
      ),
    ),
  }),
  signature: Type.String(),
})

export const HumanCheckChallengeResponseSchema = Type.Object({
  challenge: HumanCheckChallengeSchema,
  difficulty: Type.Number({
    description:
      'how many base difficulties it costs: 1 for a visitor at home, more for a young account or an address many accounts claimed from',
  }),
})
export type HumanCheckChallengeResponse = Static<typeof HumanCheckChallengeResponseSchema>

/**
 * `humanCheck` of `POST /api/codes`, the check's answer: the base64 of the JSON `{challenge, solution}`
 * (ALTCHA's payload, `solution` being `{counter, derivedKey}`).
 */
export const HumanCheckSolutionSchema = Type.String({
  maxLength: 4096,
  description:
    'a solved challenge of POST /api/claims/challenge for this code: base64 of {challenge, solution}',
})
