import { type Static, Type } from 'typebox'
import { ANTELOPE_NAME_PATTERN } from './names.ts'
import { WaxAccountSchema } from './user.ts'

export const ChallengeResponseSchema = Type.Object({
  nonce: Type.String(),
  /** the Antelope name identity proofs must be scoped to */
  scope: Type.String(),
  chainId: Type.String({ pattern: '^[0-9a-f]{64}$' }),
})
export type ChallengeResponse = Static<typeof ChallengeResponseSchema>

const PermissionNameSchema = Type.String({ pattern: ANTELOPE_NAME_PATTERN })

/** A standard Antelope identity proof (Anchor, the Dev Wallet), in its `EOSIO …` string form. */
export const IdentityProofEvidenceSchema = Type.Object({
  type: Type.Literal('identity'),
  proof: Type.String({ pattern: '^EOSIO [A-Za-z0-9+/_=-]+$', maxLength: 1024 }),
})

const SignatureSchema = Type.String({
  pattern: '^SIG_[A-Z0-9]+_[1-9A-HJ-NP-Za-km-z]+$',
  maxLength: 512,
})

/** WAX Cloud Wallet's proof (plugin 1.5.0): WAX signs `cloudwallet-verification-{referer}-{nonce}-{account}`. */
export const CloudWalletEvidenceSchema = Type.Object({
  type: Type.Literal('cloudwallet'),
  signature: Type.String({ pattern: '^SIG_K1_[1-9A-HJ-NP-Za-km-z]+$', maxLength: 256 }),
  referer: Type.String({ maxLength: 256 }),
})

/**
 * The new My Cloud Wallet's proof (plugin 1.6 and later): an Antelope identity proof, returned as
 * its fields (the plugin's `proof.data`) rather than in its `EOSIO …` encoding.
 */
export const CloudWalletIdentityEvidenceSchema = Type.Object({
  type: Type.Literal('cloudwallet'),
  proof: Type.Object({
    chainId: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    scope: WaxAccountSchema,
    expiration: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$' }),
    signer: Type.Object({ actor: WaxAccountSchema, permission: PermissionNameSchema }),
    signature: SignatureSchema,
  }),
})

/**
 * A Scatter-protocol wallet's proof (Wombat): its `getArbitrarySignature` over
 * `scatterLoginMessage`, made with a key of the account's permission.
 */
export const ScatterEvidenceSchema = Type.Object({
  type: Type.Literal('scatter'),
  signature: SignatureSchema,
})

/**
 * What a Scatter wallet signs to prove an account at login: our app's name, the account and the
 * server's nonce. Scatter wallets refuse to sign a word longer than 12 characters (a hash or a
 * transaction passing for text), so the nonce is cut into words of 8.
 */
export function scatterLoginMessage(appName: string, actor: string, nonce: string): string {
  const nonceWords = nonce.match(/.{1,8}/g) ?? []
  return [appName, 'login', actor, ...nonceWords].join(' ')
}

export const WalletBindingRequestSchema = Type.Object({
  nonce: Type.String({ minLength: 16, maxLength: 128 }),
  chainId: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  actor: WaxAccountSchema,
  permission: PermissionNameSchema,
  proof: Type.Optional(
    Type.Union([
      IdentityProofEvidenceSchema,
      CloudWalletEvidenceSchema,
      CloudWalletIdentityEvidenceSchema,
      ScatterEvidenceSchema,
    ]),
  ),
})
export type WalletBindingRequest = Static<typeof WalletBindingRequestSchema>
