import { type PublicConfig, PublicConfigSchema } from '@fernwood/protocol'
import type { FastifyPluginAsync } from 'fastify'

/** `GET /api/config`: the deployment facts the browser needs (names, chain, links). */
export const publicConfigRoutes: FastifyPluginAsync<{ publicConfig: PublicConfig }> = async (
  app,
  { publicConfig },
) => {
  app.get(
    '/api/config',
    { schema: { response: { 200: PublicConfigSchema } } },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(publicConfig),
  )
}
