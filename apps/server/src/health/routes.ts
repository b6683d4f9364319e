import type { FastifyPluginAsync } from 'fastify'
import type { Database } from '../db/database.ts'

/** Something `/api/ready` waits on; capabilities add theirs (the chain node, for one). */
export interface ReadinessCheck {
  name: string
  check(): Promise<void>
}

export interface HealthRoutesOptions {
  database: Database
  readinessChecks: ReadinessCheck[]
}

/**
 * `/api/health` says the process is up (for restarts); `/api/ready` says it can serve, i.e. every
 * dependency answers (for load balancers).
 */
export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (
  app,
  { database, readinessChecks },
) => {
  const checks: ReadinessCheck[] = [
    { name: 'database', check: async () => void (await database.query('SELECT 1')) },
    ...readinessChecks,
  ]

  app.get('/api/health', async () => ({ status: 'ok' }))

  app.get('/api/ready', async (request, reply) => {
    const results = await Promise.all(
      checks.map(async ({ name, check }) => {
        try {
          await check()
          return [name, 'ok'] as const
        } catch (error) {
          request.log.warn({ err: error, dependency: name }, 'not ready')
          return [name, 'unavailable'] as const
        }
      }),
    )
    const ready = results.every(([, state]) => state === 'ok')
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'unavailable', checks: Object.fromEntries(results) })
  })
}
