import type { FastifyRequest } from 'fastify'
import type { Database } from '../db/database.ts'
import { NotSignedIn } from '../http/errors.ts'
import { sessionTokenOf } from './session-cookie.ts'
import { findSessionUser } from './sessions.ts'
import type { User } from './users.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` for routes that need a signed-in visitor. */
    user: User | null
  }
}

/** A preHandler for routes of signed-in visitors: 401 without a valid, unexpired session. */
export function requireUser(database: Database) {
  return async (request: FastifyRequest) => {
    const token = sessionTokenOf(request)
    const user = token ? await findSessionUser(database, token) : undefined
    if (!user) throw new NotSignedIn()
    request.user = user
  }
}

/** The signed-in user of a request that passed `requireUser`. */
export function signedInUser(request: FastifyRequest): User {
  if (!request.user) throw new NotSignedIn()
  return request.user
}
