import type { FastifyPluginAsync } from 'fastify'
import type { Database } from '../db/database.ts'
import { Readiness, type ReadinessCheck } from './readiness.ts'

export interface HealthRoutesOptions {
  database: Database
  readinessChecks: ReadinessCheck[]
}

/**
 * `/api/health` says the process is up (for restarts); `/api/ready` says it can serve, i.e. every
 * dependency answers (for load balancers), as `Readiness` last found, a few seconds old at most.
 */
export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (
  app,
  { database, readinessChecks },
) => {
  const readiness = new Readiness(
    [
      { name: 'database', check: async () => void (await database.query('SELECT 1')) },
      ...readinessChecks,
    ],
    app.log.child({ module: 'readiness' }),
  )

  app.get('/api/health', async () => ({ status: 'ok' }))

  app.get('/api/ready', async (_request, reply) => {
    const { ready, checks } = await readiness.current()
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks })
  })
}
