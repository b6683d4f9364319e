import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { requireUser, signedInUser } from '../auth/authenticate.ts'
import type { Database } from '../db/database.ts'
import { RewardNotDismissible } from './errors.ts'
import { rewardState } from './reward-state.ts'

export interface DismissRoutesOptions {
  database: Database
}

/**
 * 'Forest Spirit Activity' keeps a rejected code until the visitor dismisses it. The dismissal is
 * kept on the reward, so it holds on every device of the wallet; the rewards trigger announces it
 * on the live feed like any change of a reward, and the dashboards drop it from their lists.
 */
export const dismissRoutes: FastifyPluginAsyncTypebox<DismissRoutesOptions> = async (
  app,
  { database },
) => {
  app.post(
    '/api/rewards/:id/dismiss',
    {
      preHandler: requireUser(database),
      schema: {
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        body: Type.Object({}),
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const { waxAccount } = signedInUser(request)
      if (!waxAccount || !(await rewardState.dismiss(database, request.params.id, waxAccount))) {
        throw new RewardNotDismissible()
      }
      return reply.status(204).send(null)
    },
  )
}
