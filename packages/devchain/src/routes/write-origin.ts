import type { FastifyInstance, FastifyRequest } from 'fastify'
import { nodeErrors } from '../errors'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the endpoint changes the chain: browsers may call it only from an accepted origin */
    nodeWrite?: boolean
  }
}

/** Which browser origins may push transactions; requests without an Origin are local programs. */
export type WriteOriginPolicy = (origin: string, request: FastifyRequest) => boolean

export interface DevchainApiOptions {
  /** browser origins allowed to push transactions (the site the devchain is embedded in); none by default */
  acceptsWritesFrom?: WriteOriginPolicy
  /**
   * Serve the resources control (`/v1/devchain/set_account_resources`, loopback only): the
   * standalone devchain does; a site mounting the node API on its public origin does not.
   */
  serveResourceControl?: boolean
}

/**
 * The dev keys are public, so a page on any site could sign with them and push: a browser sends
 * a `text/plain` POST cross-origin without asking first. Writes are therefore refused unless
 * they carry no Origin (a program on this machine: the server, workers, tests) or an accepted
 * one, and only an accepted origin is named in their CORS header. Reads stay open to all, like
 * any node's.
 */
export function guardWrites(app: FastifyInstance, accepts: WriteOriginPolicy = () => false) {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin
    if (!request.routeOptions.config.nodeWrite) {
      reply.header('access-control-allow-origin', '*')
      return
    }
    reply.header('vary', 'Origin')
    if (origin === undefined) return
    if (!accepts(origin, request)) throw nodeErrors.writeFromForeignOrigin(origin)
    reply.header('access-control-allow-origin', origin)
  })
}
