import { bindWallet, type PostAsVisitor, type ProofFields } from '@fernwood/testkit'
import { Bytes, PrivateKey } from '@wharfkit/session'
import type { App } from '../../src/app.ts'
import { jsonFromSite, sessionCookieOf, signInOn } from './test-app.ts'

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

/**
 * Signs in on `app` (or uses `on.cookie`'s session) and connects `account` as 'Connect WAX
 * Wallet' does with the Dev Wallet: a challenge, then an identity proof under `permission` (active
 * unless named), signed by `privateKey` (the Dev Wallet's key, which the seeded users' active
 * permissions hold, unless given); with `proof` false, without a proof, as
 * ALLOW_UNVERIFIED_WALLETS allows. The binding starts a new session: its cookie is returned.
 */
export async function connectWithProof(
  app: App,
  account: string,
  proof: Pick<ProofFields, 'permission' | 'privateKey'> | false = {},
  on: { cookie?: string } = {},
): Promise<ConnectedVisitor> {
  let cookie = on.cookie ?? (await signInOn(app)).cookie
  const post: PostAsVisitor = async (url, payload) => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { ...jsonFromSite, cookie },
      payload,
    })
    if (response.cookies.length > 0) cookie = `fernwood_session=${sessionCookieOf(response)}`
    return { status: response.statusCode, body: response.body }
  }
  const { user } = await bindWallet(post, account, proof)
  return { userId: user.id, cookie }
}
