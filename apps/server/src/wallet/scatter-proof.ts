import { scatterLoginMessage } from '@fernwood/protocol'
import { type APIClient, Bytes, type PublicKey, Signature } from '@wharfkit/antelope'
import { readPermissionAuthority } from './account-authority.ts'
import { ProofMalformed, ProofSignatureInvalid } from './errors.ts'

export interface ExpectedScatterSigner {
  /** the Antelope name the message names as the app */
  appName: string
  actor: string
  permission: string
  /** our single-use nonce, which the message carries */
  nonce: string
}

/**
 * Checks a Scatter-protocol wallet's proof (Wombat): its arbitrary signature over
 * `scatterLoginMessage` for our app, the account and our nonce, by a key that alone satisfies the
 * account's permission as the chain holds it now. The nonce is ours and single use, so the
 * signature binds once.
 */
export async function verifyScatterProof(
  encodedSignature: string,
  expected: ExpectedScatterSigner,
  chain: APIClient,
): Promise<void> {
  let signature: Signature
  try {
    signature = Signature.from(encodedSignature)
  } catch {
    throw new ProofMalformed()
  }
  const message = scatterLoginMessage(expected.appName, expected.actor, expected.nonce)
  let signer: PublicKey | undefined
  try {
    signer = signature.recoverMessage(Bytes.from(message, 'utf8'))
  } catch {
    // a signature that does not recover to a key
  }
  const authority = await readPermissionAuthority(chain, expected.actor, expected.permission)
  if (!signer || !authority?.hasPermission(signer)) throw new ProofSignatureInvalid()
}
