import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { servedOverHttps } from '../http/own-origin.ts'
import type { SessionTicket } from './sessions.ts'

export const SESSION_COOKIE = 'fernwood_session'
/**
 * The name under HTTPS. Browsers take a `__Host-` cookie only from a secure page of this very
 * host, with `Path=/` and no `Domain`: a sibling or parent domain cannot plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_ORIGIN, for the session cookie's name and flags (see `installSessionCookie`) */
    sessionCookieOrigin: string | undefined
  }
}

/** Tells every route how the site is served, so the session cookie is read and set alike. */
export function installSessionCookie(app: FastifyInstance, publicOrigin: string | undefined) {
  app.decorate('sessionCookieOrigin', publicOrigin)
}

const overHttps = (request: FastifyRequest) =>
  servedOverHttps(request, request.server.sessionCookieOrigin)

const cookieNameOf = (request: FastifyRequest) =>
  overHttps(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE

/**
 * The session token a request carries, if any: the one place that reads the session cookie.
 * Under HTTPS only the `__Host-` cookie counts, so a plain `fernwood_session` planted by a
 * subdomain (which may set cookies for ours) is never taken for a session.
 */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[cookieNameOf(request)]
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: SessionTicket,
) {
  reply.setCookie(cookieNameOf(request), session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: overHttps(request),
    path: '/',
    expires: session.expiresAt,
  })
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(cookieNameOf(request), {
    httpOnly: true,
    sameSite: 'lax',
    secure: overHttps(request),
    path: '/',
  })
}
