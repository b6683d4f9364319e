import { DEV_WALLET_PRIVATE_KEY } from '@fernwood/devchain'
import type { ChallengeResponse, UserResponse } from '@fernwood/protocol'
import type { Page } from '@playwright/test'
import { Bytes, Checksum256, IdentityProof, PrivateKey } from '@wharfkit/session'

/** The devchain's user accounts; the Dev Wallet key is in each one's `active` authority. */
export type DevAccount = 'alice.wam' | 'bob.wam' | 'carol.wam'

// The server refuses a proof it has seen before, and two proofs for the same account signed in
// the same second would be identical; a different lifetime for each keeps them apart.
let proofsMade = 0

/**
 * Binds `account` to the page's signed-in visitor through the real API, as 'Connect WAX Wallet'
 * would after a Dev Wallet login: a challenge, then an identity proof signed with the Dev Wallet
 * key. The requests carry the page's cookies and the page's origin.
 */
export async function bindWallet(page: Page, account: DevAccount): Promise<void> {
  const origin = new URL(page.url()).origin
  const headers = { origin }
  const challengeResponse = await page.request.post('/api/wallet/challenge', { headers, data: {} })
  if (!challengeResponse.ok()) {
    throw new Error(
      `challenge refused: ${challengeResponse.status()} ${await challengeResponse.text()}`,
    )
  }
  const challenge = (await challengeResponse.json()) as ChallengeResponse
  const proof = signIdentityProof({
    chainId: challenge.chainId,
    scope: challenge.scope,
    actor: account,
    expiresInSeconds: 300 + proofsMade++,
  })
  const binding = await page.request.post('/api/wallet', {
    headers,
    data: {
      nonce: challenge.nonce,
      chainId: challenge.chainId,
      actor: account,
      permission: 'active',
      proof: { type: 'identity', proof },
    },
  })
  if (!binding.ok()) throw new Error(`binding refused: ${binding.status()} ${await binding.text()}`)
  const { user } = (await binding.json()) as UserResponse
  if (user.waxAccount !== account) throw new Error(`bound ${user.waxAccount}, not ${account}`)
}

/** An identity proof as Anchor and the Dev Wallet make one, in its `EOSIO …` string form. */
function signIdentityProof(fields: {
  chainId: string
  scope: string
  actor: string
  expiresInSeconds: number
}): string {
  const key = PrivateKey.from(DEV_WALLET_PRIVATE_KEY)
  const claims = {
    chainId: fields.chainId,
    scope: fields.scope,
    expiration: new Date(Date.now() + fields.expiresInSeconds * 1000).toISOString().slice(0, 19),
    signer: { actor: fields.actor, permission: 'active' },
  }
  // The digest to sign comes from the proof itself, so it is built once with a stand-in signature.
  const standIn = key.signDigest(Checksum256.hash(Bytes.from('stand-in', 'utf8')))
  const unsigned = IdentityProof.from({ ...claims, signature: standIn })
  const signature = key.signDigest(unsigned.transaction.signingDigest(unsigned.chainId))
  return String(IdentityProof.from({ ...claims, signature }))
}
