import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions, strictTransportSecurity } from 'helmet'
import { servedOverHttps } from './own-origin.ts'

/**
 * Helmet's options but for HSTS, which is helmet's default wherever `servedOverHttps`, and
 * PUBLIC_ORIGIN (`publicOrigin`) for it to tell.
 */
export type SecurityHeadersOptions = HelmetOptions & {
  strictTransportSecurity?: never
  hsts?: never
  publicOrigin: string | undefined
}

/**
 * Helmet's headers on every response, API and pages alike. Its middleware is built once, here:
 * @fastify/helmet builds it anew on every request, parsing the whole policy each time, which
 * was a twentieth of the server's time on a code submission. Strict-Transport-Security goes only
 * with a site served over HTTPS: browsers ignore it over plain HTTP, where it only tells a
 * scanner that nobody looked.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  { publicOrigin, ...options }: SecurityHeadersOptions,
) {
  const setHeaders = helmet({ ...options, strictTransportSecurity: false })
  const setHsts = strictTransportSecurity()
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, () => {
      if (servedOverHttps(request, publicOrigin)) {
        setHsts(request.raw, reply.raw, () => done())
      } else done()
    }),
  )
}
