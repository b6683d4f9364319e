import { type APIClient, Bytes, Signature } from '@wharfkit/antelope'
import { readPermissionAuthority } from './account-authority.ts'
import { ProofMalformed, ProofSignatureInvalid, ProofWrongScope } from './errors.ts'

/** The account whose active keys sign WAX Cloud Wallet's ownership proofs. */
export const CLOUD_WALLET_PROOF_ACCOUNT = 'proof.wax'

/**
 * The permission WAX Cloud Wallet logs every account in with (its plugin's login result names
 * `active` always), and so the one its proof speaks for: WAX holds that key for the user.
 */
export const CLOUD_WALLET_PERMISSION = 'active'

/**
 * Checks WAX Cloud Wallet's proof: WAX signs `cloudwallet-verification-{referer}-{nonce}-{account}`
 * with a key of `proof.wax@active` after the user approved the login on `referer`. The nonce is
 * ours (single use), the referer must be our own site, and the key is read from the chain.
 */
export async function verifyCloudWalletProof(
  evidence: { signature: string; referer: string },
  expected: { nonce: string; actor: string; origin: string | undefined },
  chain: APIClient,
): Promise<void> {
  if (!expected.origin || evidence.referer !== expected.origin) throw new ProofWrongScope()
  let signature: Signature
  try {
    signature = Signature.from(evidence.signature)
  } catch {
    throw new ProofMalformed()
  }
  const message = `cloudwallet-verification-${evidence.referer}-${expected.nonce}-${expected.actor}`
  const authority = await readPermissionAuthority(chain, CLOUD_WALLET_PROOF_ACCOUNT, 'active')
  let signer: ReturnType<Signature['recoverMessage']> | undefined
  try {
    signer = signature.recoverMessage(Bytes.from(message, 'utf8'))
  } catch {
    // a signature that does not recover to a key
  }
  if (!signer || !authority?.hasPermission(signer)) throw new ProofSignatureInvalid()
}
