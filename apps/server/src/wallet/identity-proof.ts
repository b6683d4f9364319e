import { type APIClient, IdentityProof } from '@wharfkit/session'
import { readPermissionAuthority } from './account-authority.ts'
import {
  ProofExpired,
  ProofMalformed,
  ProofSignatureInvalid,
  ProofWrongAccount,
  ProofWrongChain,
  ProofWrongScope,
} from './errors.ts'

// Wallets issue proofs valid for up to an hour (the spec's 3600 s); anything longer is suspect.
const LONGEST_PROOF_LIFETIME_MS = 3_660_000

export interface ExpectedIdentity {
  chainId: string
  scope: string
  actor: string
  permission: string
}

/**
 * Checks a standard Antelope identity proof (Anchor, the Dev Wallet): for this chain and app,
 * for the claimed account, unexpired, and signed by keys satisfying that account's authority as
 * the chain holds it now. Returns the proof so the caller can record it as used.
 */
export async function verifyIdentityProof(
  encoded: string,
  expected: ExpectedIdentity,
  chain: APIClient,
  now = new Date(),
): Promise<IdentityProof> {
  let proof: IdentityProof
  try {
    proof = IdentityProof.from(encoded)
  } catch {
    throw new ProofMalformed()
  }
  if (!proof.chainId.equals(expected.chainId)) throw new ProofWrongChain()
  if (!proof.scope.equals(expected.scope)) throw new ProofWrongScope()
  if (
    !proof.signer.actor.equals(expected.actor) ||
    !proof.signer.permission.equals(expected.permission)
  ) {
    throw new ProofWrongAccount()
  }
  const expiresAt = proof.expiration.toMilliseconds()
  if (expiresAt <= now.getTime() || expiresAt > now.getTime() + LONGEST_PROOF_LIFETIME_MS) {
    throw new ProofExpired()
  }
  const authority = await readPermissionAuthority(chain, expected.actor, expected.permission)
  let signed = false
  try {
    signed = authority !== undefined && proof.verify(authority, now)
  } catch {
    // a signature that does not even recover to a key
  }
  if (!signed) throw new ProofSignatureInvalid()
  return proof
}
