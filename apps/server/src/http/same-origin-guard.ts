import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { CrossOriginRefused, JsonRequired } from './errors.ts'
import { ownOrigin } from './own-origin.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Cross-site request forgery defence for the cookie session: every state-changing request must
 * name our own origin and carry JSON, which a foreign page cannot send without a CORS preflight
 * that we never grant. Routes under `openPrefixes` guard themselves: the devchain's node API its
 * writes, the partner API (/api/v1) by its API keys, which no browser sends on its own.
 */
export function installSameOriginGuard(
  app: FastifyInstance,
  publicOrigin: string | undefined,
  openPrefixes: readonly string[],
) {
  app.addHook('onRequest', async (request) => {
    // Decided by the route that matched, never by the raw URL, which can spell a path in
    // percent-escapes. Only `openPrefixes` are exempt.
    const route = request.routeOptions.url
    if (SAFE_METHODS.has(request.method)) return
    if (openPrefixes.some((prefix) => route?.startsWith(`${prefix}/`))) return
    const origin = ownOrigin(request, publicOrigin)
    if (!origin || request.headers.origin !== origin) throw new CrossOriginRefused()
    // A DELETE without a body (signing out) carries nothing to type-check; no form can send a
    // DELETE, and a cross-site script needs a preflight we never grant: the Origin is its guard.
    if (request.method === 'DELETE' && !carriesBody(request.headers)) return
    const contentType = request.headers['content-type'] ?? ''
    if (!/^application\/json\s*(;|$)/i.test(contentType)) throw new JsonRequired()
  })
}

function carriesBody(headers: IncomingHttpHeaders): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0
}
