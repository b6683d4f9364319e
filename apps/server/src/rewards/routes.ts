import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  normalizeCode,
  RewardsResponseSchema,
  SubmitCodeRequestSchema,
  SubmitCodeResponseSchema,
} from '@fernwood/protocol'
import type { FastifyRequest } from 'fastify'
import { requireUser, signedInUser } from '../auth/authenticate.ts'
import type { Database } from '../db/database.ts'
import { NotSignedIn } from '../http/errors.ts'
import {
  CodeDuplicate,
  CodeInvalid,
  CodeLockedOut,
  CodesRateLimited,
  waitingTime,
} from './errors.ts'
import { lockoutRemainingSeconds, readRewardLists, submitReward } from './repository.ts'

export interface RewardRoutesOptions {
  database: Database
  limits: {
    submitsPerMinutePerUser: number
    submitsPerMinutePerAddress: number
    lockoutAttempts: number
    lockoutMinutes: number
  }
}

/** `POST /api/codes` submits a code; `GET /api/rewards` lists the wallet's pending and paid rewards. */
export const rewardRoutes: FastifyPluginAsyncTypebox<RewardRoutesOptions> = async (
  app,
  { database, limits },
) => {
  const authenticate = requireUser(database)
  const perAddress = app.createRateLimit({
    max: limits.submitsPerMinutePerAddress,
    timeWindow: 60_000,
    keyGenerator: (request) => `codes:address:${request.ip}`,
  })
  const perUser = app.createRateLimit({
    max: limits.submitsPerMinutePerUser,
    timeWindow: 60_000,
    keyGenerator: (request) => `codes:user:${request.user?.id}`,
  })
  const enforce = async (limiter: typeof perUser, request: FastifyRequest) => {
    const verdict = await limiter(request)
    if (!verdict.isAllowed && verdict.isExceeded) {
      throw new CodesRateLimited(waitingTime(verdict.ttlInSeconds))
    }
  }

  app.post(
    '/api/codes',
    {
      // A malformed body gets the spec's message like any other bad code, not a schema error.
      attachValidation: true,
      schema: { body: SubmitCodeRequestSchema, response: { 201: SubmitCodeResponseSchema } },
      onRequest: async (request) => enforce(perAddress, request),
      preHandler: [
        async (request) => {
          // The spec gives one message for every reason a code cannot be taken, signed-out included.
          await authenticate(request).catch((error: unknown) => {
            throw error instanceof NotSignedIn ? new CodeInvalid() : error
          })
        },
        async (request) => enforce(perUser, request),
      ],
    },
    async (request, reply) => {
      const user = signedInUser(request)
      const code = request.validationError ? undefined : normalizeCode(request.body.code)
      if (!code || !user.waxAccount) throw new CodeInvalid()
      const who = { userId: user.id, waxAccount: user.waxAccount }
      const lockedFor = await lockoutRemainingSeconds(database, who, {
        attempts: limits.lockoutAttempts,
        minutes: limits.lockoutMinutes,
      })
      if (lockedFor !== undefined) throw new CodeLockedOut(waitingTime(lockedFor))
      const reward = await submitReward(database, { code, ...who })
      if (!reward) throw new CodeDuplicate()
      return reply.status(201).send({ reward })
    },
  )

  app.get(
    '/api/rewards',
    { preHandler: authenticate, schema: { response: { 200: RewardsResponseSchema } } },
    async (request) => {
      return readRewardLists(database, signedInUser(request).waxAccount)
    },
  )
}
