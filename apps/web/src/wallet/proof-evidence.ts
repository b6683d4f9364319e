import type { WalletBindingRequest } from '@fernwood/protocol'
import type { LoginResult } from '@wharfkit/session'

export type WalletProofEvidence = NonNullable<WalletBindingRequest['proof']>

/**
 * The standard Antelope identity proof a login gave (Anchor, the Dev Wallet), in its `EOSIO …`
 * form. Each other wallet words its own proof in its chunk (see wallet-chunk.ts).
 */
export async function identityProofEvidence({
  response,
}: LoginResult): Promise<WalletProofEvidence | undefined> {
  if (!response.identityProof) return undefined
  return { type: 'identity', proof: String(response.identityProof) }
}
