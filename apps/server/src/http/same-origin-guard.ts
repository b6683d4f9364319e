import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CrossOriginRefused, JsonRequired } from './errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Cross-site request forgery defence for the cookie session: every state-changing request must
 * name our own origin and carry JSON, which a foreign page cannot send without a CORS preflight
 * that we never grant.
 */
export function installSameOriginGuard(app: FastifyInstance, publicOrigin: string | undefined) {
  const ownOrigin = (request: FastifyRequest) =>
    publicOrigin ?? `${request.protocol}://${request.host}`

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return
    if (request.headers.origin !== ownOrigin(request)) throw new CrossOriginRefused()
    const contentType = request.headers['content-type'] ?? ''
    if (!/^application\/json\s*(;|$)/i.test(contentType)) throw new JsonRequired()
  })
}
