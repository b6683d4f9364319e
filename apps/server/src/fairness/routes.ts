import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { normalizeCode } from '@fernwood/protocol'
import { requireUser, signedInUser } from '../auth/authenticate.ts'
import { sessionTokenOf } from '../auth/session-cookie.ts'
import { clientAddress, clientSession, rateLimitHook } from '../http/rate-limit.ts'
import { CodeInvalid } from '../rewards/errors.ts'
import { pruneSpentChallenges } from './claim-records.ts'
import type { HumanCheck } from './human-check.ts'
import { HumanCheckChallengeRequestSchema, HumanCheckChallengeResponseSchema } from './schemas.ts'

export interface HumanCheckRoutesOptions {
  humanCheck: HumanCheck
  /** challenges allowed per minute from one session and from one client address: a claim's */
  perMinute: { perSession: number; perAddress: number }
}

// Expired challenges only take room: pruning now and then is enough.
const PRUNE_INTERVAL_MS = 60_000

/**
 * `POST /api/claims/challenge` `{code}`: a challenge for the signed-in visitor's claim of `code`,
 * which the client solves and sends with the claim (`humanCheck` of POST /api/codes) when it is
 * refused HUMAN_CHECK_REQUIRED. Issued whatever the code; each costs the server one key
 * derivation and a read, so they are limited as claims are.
 */
export const humanCheckRoutes: FastifyPluginAsyncTypebox<HumanCheckRoutesOptions> = async (
  app,
  { humanCheck, perMinute },
) => {
  const { database } = humanCheck
  const challengeLimit = rateLimitHook(
    app,
    { name: 'human-check', max: perMinute.perSession, windowMs: 60_000, key: clientSession },
    {
      name: 'human-check-address',
      max: perMinute.perAddress,
      windowMs: 60_000,
      key: clientAddress,
    },
  )
  app.post(
    '/api/claims/challenge',
    {
      onRequest: challengeLimit,
      preHandler: requireUser(database),
      schema: {
        body: HumanCheckChallengeRequestSchema,
        response: { 200: HumanCheckChallengeResponseSchema },
      },
    },
    async (request) => {
      const code = normalizeCode(request.body.code)
      const sessionToken = sessionTokenOf(request)
      if (!code || !sessionToken) throw new CodeInvalid()
      const { challenge, factor } = await humanCheck.issue({
        sessionToken,
        code,
        account: signedInUser(request).waxAccount,
        clientAddress: clientAddress(request),
      })
      return { challenge, difficulty: factor }
    },
  )

  const pruner = setInterval(() => {
    pruneSpentChallenges(database).catch((error) =>
      app.log.warn({ err: error }, 'human-check prune failed'),
    )
  }, PRUNE_INTERVAL_MS)
  pruner.unref()
  app.addHook('onClose', async () => clearInterval(pruner))
}
