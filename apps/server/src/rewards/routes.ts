import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  normalizeCode,
  RewardsQuerySchema,
  RewardsResponseSchema,
  SubmitCodeRequestSchema,
  SubmitCodeResponseSchema,
} from '@fernwood/protocol'
import { requireUser, signedInUser } from '../auth/authenticate.ts'
import { sessionTokenOf } from '../auth/session-cookie.ts'
import type { Database } from '../db/database.ts'
import { clientAddress } from '../http/rate-limit.ts'
import { CodeDuplicate } from './errors.ts'
import { readRewardLists, type SubmissionRules } from './repository.ts'
import { createSubmissionBatches } from './submission-batches.ts'

export interface RewardRoutesOptions {
  database: Database
  rules: SubmissionRules
}

/**
 * `POST /api/codes` submits a code; `GET /api/rewards` lists a page of the wallet's rewards not
 * yet paid and a page of its paid ones (`?pendingBefore=` and `?historyBefore=` page further back).
 */
export const rewardRoutes: FastifyPluginAsyncTypebox<RewardRoutesOptions> = async (
  app,
  { database, rules },
) => {
  const authenticate = requireUser(database)
  const submitCode = createSubmissionBatches(database, rules)

  app.post(
    '/api/codes',
    {
      // A malformed body gets the spec's message like any other bad code, not a schema error.
      attachValidation: true,
      schema: { body: SubmitCodeRequestSchema, response: { 201: SubmitCodeResponseSchema } },
    },
    async (request, reply) => {
      // The hottest path: the session, both rate limits and the submission in one round trip,
      // shared with the submissions arriving meanwhile.
      const reward = await submitCode({
        sessionToken: sessionTokenOf(request),
        code: request.validationError ? undefined : normalizeCode(request.body.code),
        clientAddress: clientAddress(request),
      })
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
