import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SessionTicket } from './sessions.ts'

export const SESSION_COOKIE = 'fernwood_session'

/** The session token a request carries, if any: the one place that reads the session cookie. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE]
}

/**
 * HTTPS as the browser sees the site: PUBLIC_ORIGIN says so even when a proxy speaks plain HTTP
 * to us and TRUST_PROXY is off; without it, the request itself tells.
 */
function servedOverHttps(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  return publicOrigin ? publicOrigin.startsWith('https://') : request.protocol === 'https'
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: SessionTicket,
  publicOrigin: string | undefined,
) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(request, publicOrigin),
    path: '/',
    expires: session.expiresAt,
  })
}

export function clearSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  publicOrigin: string | undefined,
) {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(request, publicOrigin),
    path: '/',
  })
}
