import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ClaimPreviewParamsSchema, ClaimPreviewSchema, normalizeCode } from '@fernwood/protocol'
import { readClaimPreview } from '../campaigns/claim-preview.ts'
import type { Database } from '../db/database.ts'
import { clientAddress, lockoutOf, rateLimitHook } from '../http/rate-limit.ts'
import { ClaimNotFound, CodeLockedOut } from './errors.ts'
import type { LockoutLimits } from './submission-rules.ts'

export interface ClaimPreviewRoutesOptions {
  database: Database
  /** previews allowed per client address per minute */
  perAddressPerMinute: number
  /** the submission's unknown-code lockout, applied to each client address's misses here */
  lockout: LockoutLimits
}

/**
 * `GET /api/claims/{code}`: what a claim link pays, for its page to show before the visitor
 * enters, signed out. It answers whether a code exists, and an unused unique code is worth
 * money, so it is an oracle to ration: each client address gets `perAddressPerMinute` looks, and
 * its misses (404s) count toward the same lockout as unknown codes submitted, after which it is
 * refused until the lockout lifts, known codes included. The code stays out of the logs
 * (logging/loggable-url.ts) and out of shared caches.
 */
export const claimPreviewRoutes: FastifyPluginAsyncTypebox<ClaimPreviewRoutesOptions> = async (
  app,
  { database, perAddressPerMinute, lockout },
) => {
  const previewLimit = rateLimitHook(app, {
    name: 'claim-previews',
    max: perAddressPerMinute,
    windowMs: 60_000,
    key: clientAddress,
  })
  const misses = lockoutOf(app, {
    name: 'claim-preview-misses',
    max: lockout.attempts,
    windowMs: lockout.minutes * 60_000,
    key: clientAddress,
    refuse: (wait) => new CodeLockedOut(wait),
  })

  app.get(
    '/api/claims/:code',
    {
      onRequest: previewLimit,
      schema: { params: ClaimPreviewParamsSchema, response: { 200: ClaimPreviewSchema } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      const code = normalizeCode(request.params.code)
      const preview = await misses.attempt(request, async () =>
        code === undefined ? undefined : readClaimPreview(database, code),
      )
      if (!preview) throw new ClaimNotFound()
      return preview
    },
  )
}
