import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  ChallengeResponseSchema,
  UserResponseSchema,
  WalletBindingRequestSchema,
} from '@fernwood/protocol'
import type { APIClient } from '@wharfkit/antelope'
import { requireUser, signedInUser } from '../auth/authenticate.ts'
import { sessionTokenOf, setSessionCookie } from '../auth/session-cookie.ts'
import { hashSessionToken } from '../auth/session-token.ts'
import type { Database } from '../db/database.ts'
import { ownOrigin } from '../http/own-origin.ts'
import { clientAddress, rateLimitHook } from '../http/rate-limit.ts'
import { type AccountBoundHook, type BoundSession, bindAccount } from './bind-account.ts'
import { issueChallenge } from './challenges.ts'
import { verifyCloudWalletProof } from './cloud-wallet-proof.ts'
import { ProofMissing, ProofWrongChain } from './errors.ts'
import { verifyIdentityProof } from './identity-proof.ts'

export interface WalletRoutesOptions {
  database: Database
  chain: { id: string; client: APIClient }
  /** the Antelope name identity proofs must be scoped to */
  appName: string
  publicOrigin: string | undefined
  /** bind wallets that give no proof, unverified; off unless an operator opts in */
  allowUnverifiedWallets: boolean
  /** challenges and binding attempts allowed per session per minute (each attempt asks the chain) */
  attemptsPerMinute: number
  onAccountBound: AccountBoundHook[]
}

/**
 * 'Connect WAX Wallet': the server hands out a nonce, the wallet logs in with it, and the account
 * is bound to the visitor only once its proof checks out against the chain.
 */
export const walletRoutes: FastifyPluginAsyncTypebox<WalletRoutesOptions> = async (
  app,
  options,
) => {
  const { database, chain, appName } = options
  const preHandler = requireUser(database)
  // Per session (new ones are limited per address), so one visitor cannot flood the chain node.
  // The shared store sees the token's hash only, as the sessions table does.
  const attemptLimit = rateLimitHook(app, {
    name: 'wallet',
    max: options.attemptsPerMinute,
    windowMs: 60_000,
    key: (request) => {
      const token = sessionTokenOf(request)
      return token ? hashSessionToken(token).toString('base64url') : clientAddress(request)
    },
  })

  app.post(
    '/api/wallet/challenge',
    {
      onRequest: attemptLimit,
      preHandler,
      schema: { response: { 200: ChallengeResponseSchema } },
    },
    async (request) => ({
      nonce: await issueChallenge(database, signedInUser(request).id),
      scope: appName,
      chainId: chain.id,
    }),
  )

  app.post(
    '/api/wallet',
    {
      onRequest: attemptLimit,
      preHandler,
      schema: { body: WalletBindingRequestSchema, response: { 200: UserResponseSchema } },
    },
    async (request, reply) => {
      const { nonce, chainId, actor, permission, proof } = request.body
      const userId = signedInUser(request).id
      if (chainId !== chain.id) throw new ProofWrongChain()
      const binding = {
        userId,
        nonce,
        waxAccount: actor,
        sessionToken: sessionTokenOf(request) ?? '',
      }
      let bound: BoundSession
      if (proof?.type === 'identity') {
        const identityProof = await verifyIdentityProof(
          proof.proof,
          { chainId: chain.id, scope: appName, actor, permission },
          chain.client,
        )
        bound = await bindAccount(
          database,
          { ...binding, verified: true, identityProof },
          options.onAccountBound,
        )
      } else if (proof?.type === 'cloudwallet') {
        await verifyCloudWalletProof(
          proof,
          { nonce, actor, origin: ownOrigin(request, options.publicOrigin) },
          chain.client,
        )
        bound = await bindAccount(database, { ...binding, verified: true }, options.onAccountBound)
      } else {
        if (!options.allowUnverifiedWallets) throw new ProofMissing()
        request.log.warn(
          { userId, actor },
          'binding a wallet without proof (ALLOW_UNVERIFIED_WALLETS)',
        )
        bound = await bindAccount(database, { ...binding, verified: false }, options.onAccountBound)
      }
      setSessionCookie(request, reply, bound.session, options.publicOrigin)
      return { user: bound.user }
    },
  )
}
