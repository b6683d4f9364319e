import { DEV_WALLET_PRIVATE_KEY, DEVCHAIN_CHAIN_ID } from '@fernwood/devchain'
import { Bytes, Checksum256, IdentityProof, PrivateKey } from '@wharfkit/session'
import type { App } from '../../src/app.ts'
import { jsonFromSite, sessionCookieOf } from './test-app.ts'

export interface ProofFields {
  chainId: string
  scope: string
  actor: string
  permission?: string
  /** seconds from now */
  expiresIn?: number
  /** the key a wallet would sign with */
  privateKey: string
}

/** An identity proof made the way Anchor and the Dev Wallet make one, as its `EOSIO …` string. */
export function signIdentityProof(fields: ProofFields): string {
  const key = PrivateKey.from(fields.privateKey)
  const claims = {
    chainId: fields.chainId,
    scope: fields.scope,
    expiration: new Date(Date.now() + (fields.expiresIn ?? 300) * 1000).toISOString().slice(0, 19),
    signer: { actor: fields.actor, permission: fields.permission ?? 'active' },
  }
  // The digest to sign comes from the proof itself, so it is built once with a stand-in signature.
  const standIn = key.signDigest(Checksum256.hash(Bytes.from('stand-in', 'utf8')))
  const unsigned = IdentityProof.from({ ...claims, signature: standIn })
  const signature = key.signDigest(unsigned.transaction.signingDigest(unsigned.chainId))
  return String(IdentityProof.from({ ...claims, signature }))
}

/** What WAX Cloud Wallet's backend signs after a login: ours to check against proof.wax@active. */
export function signCloudWalletProof(fields: {
  referer: string
  nonce: string
  actor: string
  privateKey: string
}): string {
  const message = `cloudwallet-verification-${fields.referer}-${fields.nonce}-${fields.actor}`
  return String(PrivateKey.from(fields.privateKey).signMessage(Bytes.from(message, 'utf8')))
}

export interface ConnectedVisitor {
  userId: string
  /** the Cookie header of the session that carries the wallet */
  cookie: string
}

// Signatures are deterministic: two proofs of one account made in the same second would be one
// proof (and the second a replay), so each gets its own expiry.
let proofsMade = 0

/**
 * Signs in on `app` and connects `account` as 'Connect WAX Wallet' does with the Dev Wallet: a
 * challenge, then an identity proof under `permission` (active unless named), signed by `privateKey`
 * (the Dev Wallet's key, which the seeded users' active permissions hold, unless given).
 */
export async function connectWithProof(
  app: App,
  account: string,
  proof: { permission?: string; privateKey?: string } = {},
): Promise<ConnectedVisitor> {
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/session',
    headers: jsonFromSite,
    payload: {},
  })
  const headers = { ...jsonFromSite, cookie: `fernwood_session=${sessionCookieOf(signIn)}` }
  const { nonce } = (
    await app.inject({ method: 'POST', url: '/api/wallet/challenge', headers, payload: {} })
  ).json()
  const permission = proof.permission ?? 'active'
  const bound = await app.inject({
    method: 'POST',
    url: '/api/wallet',
    headers,
    payload: {
      nonce,
      chainId: DEVCHAIN_CHAIN_ID,
      actor: account,
      permission,
      proof: {
        type: 'identity',
        proof: signIdentityProof({
          chainId: DEVCHAIN_CHAIN_ID,
          scope: 'fernwood',
          actor: account,
          permission,
          privateKey: proof.privateKey ?? DEV_WALLET_PRIVATE_KEY,
          expiresIn: 300 + proofsMade++,
        }),
      },
    },
  })
  if (bound.statusCode !== 200) throw new Error(`connecting ${account} failed: ${bound.body}`)
  return {
    userId: bound.json().user.id,
    cookie: `fernwood_session=${sessionCookieOf(bound)}`,
  }
}
