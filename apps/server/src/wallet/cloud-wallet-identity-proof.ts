import type { CloudWalletIdentityEvidenceSchema } from '@fernwood/protocol'
import type { APIClient } from '@wharfkit/session'
import type { Static } from 'typebox'
import {
  decodeIdentityProof,
  type ExpectedIdentity,
  type VerifiedIdentityProof,
  verifyIdentityProof,
} from './identity-proof.ts'

/**
 * Checks the new My Cloud Wallet's proof (Cloud Wallet plugin 1.6 and later): WAX returns an
 * Antelope identity proof as its fields, which the plugin turns into an `IdentityProof` as they
 * are. It is held to every rule of a standard one: this chain and app, the account and permission
 * it names, unexpired, signed by keys of that permission as the chain holds it now, used once.
 * Unlike 1.5.0's proof it carries no nonce; like Anchor's, it binds once through its digest.
 */
export async function verifyCloudWalletIdentityProof(
  fields: Static<typeof CloudWalletIdentityEvidenceSchema>['proof'],
  expected: ExpectedIdentity,
  chain: APIClient,
  now = new Date(),
): Promise<VerifiedIdentityProof> {
  return verifyIdentityProof(decodeIdentityProof(fields).toString(), expected, chain, now)
}
