import { type Static, Type } from 'typebox'
import { WaxAccountSchema } from './user.ts'

export const ChallengeResponseSchema = Type.Object({
  nonce: Type.String(),
  /** the Antelope name identity proofs must be scoped to */
  scope: Type.String(),
  chainId: Type.String({ pattern: '^[0-9a-f]{64}$' }),
})
export type ChallengeResponse = Static<typeof ChallengeResponseSchema>

const PermissionNameSchema = Type.String({ pattern: '^[a-z1-5.]{1,12}$' })

/** A standard Antelope identity proof (Anchor, the Dev Wallet), in its `EOSIO …` string form. */
export const IdentityProofEvidenceSchema = Type.Object({
  type: Type.Literal('identity'),
  proof: Type.String({ pattern: '^EOSIO [A-Za-z0-9+/_=-]+$', maxLength: 1024 }),
})

/** WAX Cloud Wallet's proof: WAX signs `cloudwallet-verification-{referer}-{nonce}-{account}`. */
export const CloudWalletEvidenceSchema = Type.Object({
  type: Type.Literal('cloudwallet'),
  signature: Type.String({ pattern: '^SIG_K1_[1-9A-HJ-NP-Za-km-z]+$', maxLength: 256 }),
  referer: Type.String({ maxLength: 256 }),
})

export const WalletBindingRequestSchema = Type.Object({
  nonce: Type.String({ minLength: 16, maxLength: 128 }),
  chainId: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  actor: WaxAccountSchema,
  permission: PermissionNameSchema,
  proof: Type.Optional(Type.Union([IdentityProofEvidenceSchema, CloudWalletEvidenceSchema])),
})
export type WalletBindingRequest = Static<typeof WalletBindingRequestSchema>
