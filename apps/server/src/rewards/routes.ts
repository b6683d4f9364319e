import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  normalizeCode,
  RewardsQuerySchema,
  RewardsResponseSchema,
  SubmitCodeRequestSchema,
  SubmitCodeResponseSchema,
} from '@fernwood/protocol'
import { requireUser, signedInUser } from '../auth/authenticate.ts'
import type { Database } from '../db/database.ts'
import { NotSignedIn } from '../http/errors.ts'
import { clientAddress, rateLimitHook } from '../http/rate-limit.ts'
import { CodeDuplicate, CodeInvalid, CodesRateLimited } from './errors.ts'
import { readRewardLists, submitReward } from './repository.ts'

export interface RewardRoutesOptions {
  database: Database
  limits: {
    submitsPerMinutePerUser: number
    submitsPerMinutePerAddress: number
    lockoutAttempts: number
    lockoutMinutes: number
  }
}

/**
 * `POST /api/codes` submits a code; `GET /api/rewards` lists a page of the wallet's rewards not
 * yet paid and a page of its paid ones (`?pendingBefore=` and `?historyBefore=` page further back).
 */
export const rewardRoutes: FastifyPluginAsyncTypebox<RewardRoutesOptions> = async (
  app,
  { database, limits },
) => {
  const authenticate = requireUser(database)
  const refuse = (wait: string) => new CodesRateLimited(wait)
  // Both limits are counted in one round trip, once the session is known: the hottest path
  // pays for the session, the limits and the submission, nothing more.
  const submitLimits = rateLimitHook(
    app,
    {
      name: 'codes-per-address',
      max: limits.submitsPerMinutePerAddress,
      windowMs: 60_000,
      key: clientAddress,
      refuse,
    },
    {
      name: 'codes-per-user',
      max: limits.submitsPerMinutePerUser,
      windowMs: 60_000,
      key: (request) => signedInUser(request).id,
      refuse,
    },
  )

  app.post(
    '/api/codes',
    {
      // A malformed body gets the spec's message like any other bad code, not a schema error.
      attachValidation: true,
      schema: { body: SubmitCodeRequestSchema, response: { 201: SubmitCodeResponseSchema } },
      preHandler: [
        async (request) => {
          // The spec gives one message for every reason a code cannot be taken, signed-out included.
          await authenticate(request).catch((error: unknown) => {
            throw error instanceof NotSignedIn ? new CodeInvalid() : error
          })
        },
        submitLimits,
      ],
    },
    async (request, reply) => {
      const user = signedInUser(request)
      const code = request.validationError ? undefined : normalizeCode(request.body.code)
      if (!code || !user.waxAccount) throw new CodeInvalid()
      const reward = await submitReward(
        database,
        { code, userId: user.id, waxAccount: user.waxAccount },
        { attempts: limits.lockoutAttempts, minutes: limits.lockoutMinutes },
      )
      if (!reward) throw new CodeDuplicate()
      return reply.status(201).send({ reward })
    },
  )

  app.get(
    '/api/rewards',
    {
      preHandler: authenticate,
      schema: { querystring: RewardsQuerySchema, response: { 200: RewardsResponseSchema } },
    },
    async (request) => {
      const { historyBefore, pendingBefore } = request.query
      return readRewardLists(database, signedInUser(request).waxAccount, {
        history: historyBefore,
        pending: pendingBefore,
      })
    },
  )
}
