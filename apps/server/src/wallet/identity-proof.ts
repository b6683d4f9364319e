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

// The longest-lived proofs come from Anchor, which resolves every signing request, identity
// requests included, with `expire_seconds` of one hour (greymass/anchor, handler/actions/uri.js);
// the Dev Wallet gives 5 minutes. One minute more allows for our clock and the chain's to differ.
const LONGEST_PROOF_LIFETIME_MS = 3_660_000

export interface ExpectedIdentity {
  chainId: string
  scope: string
  actor: string
  permission: string
}

export interface VerifiedIdentityProof {
  /** what the wallet signed (hex): one statement binds once, however its proof is spelled */
  signedDigest: string
  expiresAt: Date
}

/**
 * Checks a standard Antelope identity proof (Anchor, the Dev Wallet): in its one exact encoding,
 * for this chain and app, for the claimed account, unexpired, and signed by keys satisfying that
 * account's authority as the chain holds it now. Returns what to record as used.
 */
export async function verifyIdentityProof(
  encoded: string,
  expected: ExpectedIdentity,
  chain: APIClient,
  now = new Date(),
): Promise<VerifiedIdentityProof> {
  const proof = decodeIdentityProof(encoded)
  // The decoder ignores characters past the proof's last field: only the canonical spelling (the
  // one every wallet's `toString()` gives) is taken, so no padding or suffix makes a new proof.
  if (proof.toString() !== encoded) throw new ProofMalformed()
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
  return {
    signedDigest: proof.transaction.signingDigest(proof.chainId).hexString,
    expiresAt: new Date(expiresAt),
  }
}

/** The identity proof `source` spells (its encoding or its fields), or ProofMalformed. */
export function decodeIdentityProof(
  source: Parameters<typeof IdentityProof.from>[0],
): IdentityProof {
  try {
    return IdentityProof.from(source)
  } catch {
    throw new ProofMalformed()
  }
}
