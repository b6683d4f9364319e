import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { WelcomeClaimResponseSchema } from '@fernwood/protocol'
import { Type } from 'typebox'
import type { Database } from '../db/database.ts'
import { requireUser, signedInUser } from './authenticate.ts'

export interface WelcomeClaimRoutesOptions {
  database: Database
}

/**
 * The spec's welcome popup opens once per session. The browser decides when it is due (the
 * newest history entry is the welcome code) and asks here before showing it; the server answers
 * yes to the first ask of the session only, so two tabs, a reload or a second device of the same
 * session never show it twice. A new sign-in is a new user, so it starts unseen.
 */
export const welcomeClaimRoutes: FastifyPluginAsyncTypebox<WelcomeClaimRoutesOptions> = async (
  app,
  { database },
) => {
  app.post(
    '/api/session/welcome-claim',
    {
      preHandler: requireUser(database),
      schema: { body: Type.Object({}), response: { 200: WelcomeClaimResponseSchema } },
    },
    async (request) => {
      const user = signedInUser(request)
      // One statement: of two tabs asking at once, exactly one sees the row still unmarked.
      const marked = await database.query(
        `UPDATE users SET welcome_claim_shown_at = now()
          WHERE id = $1 AND welcome_claim_shown_at IS NULL RETURNING id`,
        [user.id],
      )
      return { show: marked.length === 1 }
    },
  )
}
