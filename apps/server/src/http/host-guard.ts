import type { FastifyInstance } from 'fastify'
import { ForeignHostRefused } from './errors.ts'
import { isLoopbackHost } from './own-origin.ts'

/**
 * Without PUBLIC_ORIGIN the server serves this machine only, so every request must name a
 * loopback host: a site whose name an attacker points at 127.0.0.1 (DNS rebinding) would
 * otherwise be same-origin with us in the browser, and its own Origin would match its Host.
 */
export function installLoopbackHostGuard(app: FastifyInstance, publicOrigin: string | undefined) {
  if (publicOrigin) return
  app.addHook('onRequest', async (request) => {
    if (!isLoopbackHost(request.hostname)) throw new ForeignHostRefused()
  })
}
