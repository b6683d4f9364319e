import type { WalletBindingRequest } from '@fernwood/protocol'
import type { LoginResult } from '@wharfkit/session'

export type WalletProofEvidence = NonNullable<WalletBindingRequest['proof']>

/** What the Cloud Wallet plugin keeps from WAX's login answer (`waxLogin` in its `index.ts`). */
interface CloudWalletProof {
  data?: { signature?: unknown; referer?: unknown }
}

const CLOUD_WALLET_PLUGIN_ID = 'cloudwallet'

/**
 * The ownership proof a login produced, in the form `POST /api/wallet` checks.
 *
 * The Cloud Wallet's `identityProof` looks standard but is not: the plugin wraps WAX's signature
 * over `cloudwallet-verification-{referer}-{nonce}-{account}` in an IdentityProof it never signed,
 * so the server is sent WAX's own proof (kept in the plugin's data) instead. Anchor and the Dev
 * Wallet sign a real identity proof.
 */
export function proofEvidence({ session, response }: LoginResult): WalletProofEvidence | undefined {
  if (session.walletPlugin.id === CLOUD_WALLET_PLUGIN_ID) {
    const proof = session.walletPlugin.data.proof as CloudWalletProof | undefined
    const signature = proof?.data?.signature
    const referer = proof?.data?.referer
    if (typeof signature !== 'string' || typeof referer !== 'string') return undefined
    return { type: 'cloudwallet', signature, referer }
  }
  if (!response.identityProof) return undefined
  return { type: 'identity', proof: String(response.identityProof) }
}
