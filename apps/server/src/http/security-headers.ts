import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * Helmet's headers on every response, API and pages alike. Its middleware is built once, here:
 * @fastify/helmet builds it anew on every request, parsing the whole policy each time, which
 * was a twentieth of the server's time on a code submission.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const setHeaders = helmet(options)
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, () => done()),
  )
}
