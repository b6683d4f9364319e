import Fastify from 'fastify'
import type { Database } from '../db/database.ts'
import { installMetrics } from './routes.ts'

export interface WorkerMetricsOptions {
  token: string
  database: Database
  host: string
  port: number
}

/**
 * A separate worker has no HTTP server, yet its payout and rejection counters exist only in its
 * own memory: this listener serves just `GET /metrics`, behind the same token, so Prometheus can
 * scrape every worker as it scrapes every server.
 */
export async function serveWorkerMetrics({ token, database, host, port }: WorkerMetricsOptions) {
  const app = Fastify({ logger: false })
  installMetrics(app, { token, database })
  const url = await app.listen({ host, port })
  return { url, close: () => app.close() }
}
