import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  ChallengeResponseSchema,
  UserResponseSchema,
  type WalletBindingRequest,
  WalletBindingRequestSchema,
} from '@fernwood/protocol'
import type { APIClient } from '@wharfkit/antelope'
import { auditWalletRefused, type ProofKind } from '../audit/access-audit.ts'
import { requireUser, signedInUser } from '../auth/authenticate.ts'
import { sessionTokenOf, setSessionCookie } from '../auth/session-cookie.ts'
import type { Database } from '../db/database.ts'
import { ownOrigin } from '../http/own-origin.ts'
import { clientSession, rateLimitHook } from '../http/rate-limit.ts'
import { type AccountBoundHook, type BoundSession, bindAccount } from './bind-account.ts'
import { issueChallenge } from './challenges.ts'
import { verifyCloudWalletIdentityProof } from './cloud-wallet-identity-proof.ts'
import { CLOUD_WALLET_PERMISSION, verifyCloudWalletProof } from './cloud-wallet-proof.ts'
import { ProofMissing, ProofWrongChain } from './errors.ts'
import { verifyIdentityProof } from './identity-proof.ts'
import { requireAcceptedPermission } from './permissions.ts'
import { verifyScatterProof } from './scatter-proof.ts'

export interface WalletRoutesOptions {
  database: Database
  chain: { id: string; client: APIClient }
  /** the Antelope name identity proofs must be scoped to */
  appName: string
  publicOrigin: string | undefined
  /** bind wallets that give no proof, unverified; off unless an operator opts in */
  allowUnverifiedWallets: boolean
  /** WALLET_PERMISSIONS: the permissions whose proof binds (the spec's signer is `active`) */
  walletPermissions: ReadonlySet<string>
  /** challenges and binding attempts allowed per session per minute (each attempt asks the chain) */
  attemptsPerMinute: number
  onAccountBound: AccountBoundHook[]
}

/**
 * 'Connect WAX Wallet': the server hands out a nonce, the wallet logs in with it, and the account
 * is bound to the visitor only once its proof checks out against the chain, for a permission of
 * WALLET_PERMISSIONS. Bindings and refusals alike go to the audit trail.
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
    key: clientSession,
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
      // A refusal of a signed-in visitor's proof (not a malformed request or a chain down).
      onError: async (request, _reply, error) => {
        const { user } = request
        if (!user || !WALLET_REFUSAL.test(error.code) || (error.statusCode ?? 500) >= 500) return
        await auditWalletRefused(database, user.id, {
          account: request.body.actor,
          permission: provenPermission(request.body),
          proof: proofKindOf(request.body),
          reason: error.code,
        })
      },
    },
    async (request, reply) => {
      const { nonce, chainId, actor, permission, proof } = request.body
      const userId = signedInUser(request).id
      if (chainId !== chain.id) throw new ProofWrongChain()
      const proven = provenPermission(request.body)
      requireAcceptedPermission(options.walletPermissions, proven)
      const binding = {
        userId,
        nonce,
        waxAccount: actor,
        permission: proven,
        proof: proofKindOf(request.body),
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
      } else if (proof?.type === 'cloudwallet' && 'proof' in proof) {
        const identityProof = await verifyCloudWalletIdentityProof(
          proof.proof,
          { chainId: chain.id, scope: appName, actor, permission: proven },
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
      } else if (proof?.type === 'scatter') {
        await verifyScatterProof(
          proof.signature,
          { appName, actor, permission, nonce },
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
      setSessionCookie(request, reply, bound.session)
      return { user: bound.user }
    },
  )
}

// The wallet catalogue's codes (errors.ts); they all start so.
const WALLET_REFUSAL = /^WALLET_/

const proofKindOf = ({ proof }: WalletBindingRequest): ProofKind => proof?.type ?? 'none'

/**
 * The permission a login result proves: that of an identity proof's signer (checked to be the one
 * named; the new Cloud Wallet's proof is one), that whose key made a Scatter wallet's signature,
 * or `active` for a Cloud Wallet 1.5.0 proof, which WAX makes for the account as its wallet logs
 * in: with its active permission, whatever the login result names.
 */
function provenPermission({ permission, proof }: WalletBindingRequest): string {
  if (proof?.type === 'cloudwallet' && 'proof' in proof) return proof.proof.signer.permission
  return proof?.type === 'cloudwallet' ? CLOUD_WALLET_PERMISSION : permission
}
