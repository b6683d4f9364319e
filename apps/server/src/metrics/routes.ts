import { createHash, timingSafeEqual } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Gauge, Registry } from 'prom-client'
import type { Database } from '../db/database.ts'
import { PAUSED_RESOURCES, readPayoutPause } from '../payouts/resource-pause.ts'
import { MetricsTokenRequired } from './errors.ts'
import { codeSubmissions, collectProcessDefaults, processMetrics } from './instruments.ts'

export interface MetricsOptions {
  /** what scrapers send as `Authorization: Bearer …` */
  token: string
  database: Database
}

/**
 * `GET /metrics` in Prometheus' text format, for requests bearing the operator's token: this
 * process's counters and Node's own metrics, this server's open live streams and database pool,
 * and the reward queue as the database has it. Call before the routes it watches are registered.
 */
export function installMetrics(app: FastifyInstance, { token, database }: MetricsOptions): void {
  collectProcessDefaults()
  const appMetrics = new Registry()
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [appMetrics] })
  const liveStreams = gauge('fernwood_live_streams', 'live feed streams open on this server')
  const queueDepth = gauge(
    'fernwood_reward_queue_depth',
    'rewards due for a worker now: submitted ones, and ones whose retry or lease time has come',
  )
  const oldestDue = gauge(
    'fernwood_reward_oldest_due_seconds',
    'how long the longest-waiting due reward has been due (0 when none is)',
  )
  const poolConnections = gauge(
    'fernwood_database_pool_connections',
    "this server's PostgreSQL connections: open, idle, the pool's max, and queries waiting for one",
    ['state'],
  )
  const payoutsPaused = gauge(
    'fernwood_payouts_paused',
    'payouts paused because the payout account is out of this resource (cpu, net, ram): 1 while paused',
    ['reason'],
  )
  const everything = Registry.merge([processMetrics, appMetrics])

  const openStreams = new Set<ServerResponse>()
  const refusals = new WeakMap<FastifyRequest, string>()
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.routeOptions.url !== '/api/live') return
    openStreams.add(reply.raw)
    reply.raw.once('close', () => openStreams.delete(reply.raw))
  })
  app.addHook('onError', async (request, _reply, error) => {
    if (isCodeSubmission(request)) refusals.set(request, error.code)
  })
  app.addHook('onResponse', async (request, reply) => {
    if (!isCodeSubmission(request)) return
    const outcome =
      reply.statusCode === 201 ? 'accepted' : (refusals.get(request) ?? `http_${reply.statusCode}`)
    codeSubmissions.inc({ outcome: outcome.toLowerCase() })
  })

  const expected = digest(`Bearer ${token}`)
  app.get('/metrics', async (request, reply) => {
    const offered = digest(request.headers.authorization ?? '')
    if (!timingSafeEqual(offered, expected)) {
      reply.header('www-authenticate', 'Bearer')
      throw new MetricsTokenRequired()
    }
    // A request counts once its stream has begun (the live route answers refusals as usual).
    liveStreams.set(
      [...openStreams].filter((stream) => stream.headersSent && stream.statusCode === 200).length,
    )
    const [queue] = await database.query<{ depth: number; oldest_seconds: number }>(
      `SELECT count(*)::int AS depth,
              coalesce(extract(epoch FROM now() - min(next_attempt_at)), 0)::float AS oldest_seconds
         FROM rewards
        WHERE status IN ('pending', 'processing', 'confirming') AND next_attempt_at <= now()`,
    )
    queueDepth.set(queue.depth)
    const pause = await readPayoutPause(database)
    for (const reason of PAUSED_RESOURCES)
      payoutsPaused.set({ reason }, pause?.resource === reason ? 1 : 0)
    oldestDue.set(queue.oldest_seconds)
    const pool = database.poolUse?.()
    if (pool)
      for (const [state, count] of Object.entries(pool)) poolConnections.set({ state }, count)
    return reply.type(everything.contentType).send(await everything.metrics())
  })
}

function isCodeSubmission(request: FastifyRequest): boolean {
  return request.method === 'POST' && request.routeOptions.url === '/api/codes'
}

/** Fixed-length, so comparing takes the same time whatever a guess has in common with the token. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}
