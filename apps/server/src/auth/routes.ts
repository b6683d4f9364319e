import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { SessionResponseSchema, UserResponseSchema } from '@fernwood/protocol'
import { Type } from 'typebox'
import type { Database } from '../db/database.ts'
import { clientAddress, rateLimitHook } from '../http/rate-limit.ts'
import { requireUser, signedInUser } from './authenticate.ts'
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from './session-cookie.ts'
import {
  endEverySessionOfAccount,
  endSession,
  findSessionUser,
  type SessionEndedHook,
  startAnonymousSession,
} from './sessions.ts'

export interface SessionRoutesOptions {
  database: Database
  sessionTtlDays: number
  /** sign-ins allowed per client address per minute */
  signInsPerMinute: number
  /** WALLET_PERMISSIONS: a wallet bound under one of these may sign out everywhere */
  walletPermissions: ReadonlySet<string>
  /** run in the transaction that ends a session (the live feed closes its streams) */
  onSessionEnded: SessionEndedHook[]
}

/**
 * The spec's anonymous sign-in: POST starts a session, GET reads it, DELETE signs out. 'Sign out
 * everywhere' ends every session bound to the visitor's wallet, on every device.
 */
export const sessionRoutes: FastifyPluginAsyncTypebox<SessionRoutesOptions> = async (
  app,
  { database, sessionTtlDays, signInsPerMinute, walletPermissions, onSessionEnded },
) => {
  app.decorateRequest('user', null)
  const signInLimit = rateLimitHook(app, {
    name: 'sign-in',
    max: signInsPerMinute,
    windowMs: 60_000,
    key: clientAddress,
  })

  app.post(
    '/api/session',
    {
      onRequest: signInLimit,
      schema: { body: Type.Object({}), response: { 201: UserResponseSchema } },
    },
    async (request, reply) => {
      const previous = sessionTokenOf(request)
      if (previous) await endSession(database, previous, onSessionEnded)
      const { user, ...session } = await startAnonymousSession(database, sessionTtlDays)
      setSessionCookie(request, reply, session)
      return reply.status(201).send({ user })
    },
  )

  // Signed out is an answer here, not an error: a first visit asks this and must log no failure.
  app.get(
    '/api/session',
    { schema: { response: { 200: SessionResponseSchema } } },
    async (request) => {
      const token = sessionTokenOf(request)
      return { user: (token && (await findSessionUser(database, token))) || null }
    },
  )

  app.delete('/api/session', async (request, reply) => {
    const token = sessionTokenOf(request)
    if (token) await endSession(database, token, onSessionEnded)
    clearSessionCookie(request, reply)
    return reply.status(204).send()
  })

  app.post(
    '/api/session/sign-out-everywhere',
    {
      preHandler: requireUser(database),
      schema: { body: Type.Object({}), response: { 204: Type.Null() } },
    },
    async (request, reply) => {
      await endEverySessionOfAccount(
        database,
        signedInUser(request).id,
        walletPermissions,
        onSessionEnded,
      )
      clearSessionCookie(request, reply)
      return reply.status(204).send(null)
    },
  )
}
