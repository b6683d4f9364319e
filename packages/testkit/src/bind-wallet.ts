import { type ProofFields, signIdentityProof } from './identity-proof.ts'

/**
 * Sends a JSON POST as the visitor (their cookie, the site's origin) to the server under test:
 * over HTTP, through a browser page or by Fastify's `inject`, as the caller reaches it.
 */
export type PostAsVisitor = (
  path: string,
  body: object,
) => Promise<{ status: number; body: string }>

export interface BoundUser {
  user: { id: string; waxAccount: string | null }
}

/**
 * Binds `account` to the visitor's session as 'Connect WAX Wallet' does after a Dev Wallet login:
 * a challenge, then an identity proof for the challenge's chain and scope, signed by the Dev
 * Wallet's key unless `proof` names another, or no proof at all when `proof` is `false` (which
 * only ALLOW_UNVERIFIED_WALLETS accepts). Fails unless the server binds it.
 */
export async function bindWallet(
  post: PostAsVisitor,
  account: string,
  proof: Pick<ProofFields, 'permission' | 'privateKey'> | false = {},
): Promise<BoundUser> {
  const challenge = await post('/api/wallet/challenge', {})
  if (challenge.status !== 200) {
    throw new Error(`challenge refused: ${challenge.status} ${challenge.body}`)
  }
  const { nonce, chainId, scope } = JSON.parse(challenge.body) as Record<string, string>
  const permission = proof ? (proof.permission ?? 'active') : 'active'
  const bound = await post('/api/wallet', {
    nonce,
    chainId,
    actor: account,
    permission,
    ...(proof && {
      proof: {
        type: 'identity',
        proof: signIdentityProof({ ...proof, chainId, scope, actor: account, permission }),
      },
    }),
  })
  if (bound.status !== 200)
    throw new Error(`binding ${account} refused: ${bound.status} ${bound.body}`)
  const answer = JSON.parse(bound.body) as BoundUser
  if (answer.user.waxAccount !== account) {
    throw new Error(`bound ${answer.user.waxAccount}, not ${account}`)
  }
  return answer
}
