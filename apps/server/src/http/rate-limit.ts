import fastifyRateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
} from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Database } from '../db/database.ts'
import { RateLimited } from './errors.ts'
import { type HitCounter, hitCounterFor } from './rate-limit-store.ts'

// Ended windows only take room, never change a verdict: sweeping them now and then is enough.
const SWEEP_INTERVAL_MS = 60_000

/** How often something may happen: `max` times per `windowMs` for each key. */
export interface RateLimit {
  /** names the counter; keys of different limits never meet, on any server */
  name: string
  max: number
  windowMs: number
  /** whose requests count together, e.g. the client's address or their session */
  key(request: FastifyRequest): string
  /** the refusal, given how long until the limit lifts ('40 seconds'); RATE_LIMITED otherwise */
  refuse?(waitingTime: string): Error
}

/** The client's address, IPv6 ones widened to their /64 (one host usually holds all of it). */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip)
}

/**
 * Gives the app its one rate-limit store (see `hitCounterFor`): kept in PostgreSQL, so every
 * server on the database counts together, or in memory on PGlite.
 */
export async function installRateLimits(app: FastifyInstance, database: Database): Promise<void> {
  const counter = hitCounterFor(database)
  await app.register(fastifyRateLimit, { global: false, store: storeOver(counter) })
  const sweeper = setInterval(() => {
    counter.sweep().catch((error) => app.log.warn({ err: error }, 'rate-limit sweep failed'))
  }, SWEEP_INTERVAL_MS)
  sweeper.unref()
  app.addHook('onClose', async () => clearInterval(sweeper))
}

/**
 * The one way to declare a limit: a hook for a route's `onRequest` or `preHandler` that counts
 * the request and refuses it with 429 and `Retry-After` once its key is over the limit.
 */
export function rateLimitHook(
  app: Pick<FastifyInstance, 'createRateLimit'>,
  limit: RateLimit,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const count = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${limit.name}:${limit.key(request)}`,
  })
  const refuse = limit.refuse ?? ((wait: string) => new RateLimited(wait))
  return async (request, reply) => {
    const verdict = await count(request)
    if (verdict.isAllowed || !verdict.isExceeded) return
    reply.header('retry-after', verdict.ttlInSeconds)
    throw refuse(waitingTime(verdict.ttlInSeconds))
  }
}

/** '1 second', '40 seconds', '3 minutes': how long until a limit lifts, rounded up. */
export function waitingTime(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds))
  if (whole < 120) return `${whole} second${whole === 1 ? '' : 's'}`
  const minutes = Math.ceil(whole / 60)
  return `${minutes} minutes`
}

/** @fastify/rate-limit's store interface over our counter; every limit shares the one counter. */
function storeOver(counter: HitCounter): FastifyRateLimitStoreCtor {
  return class implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counter.hit(key, timeWindow).then(
        ({ hits, msLeft }) => callback(null, { current: hits, ttl: msLeft }),
        (error: Error) => callback(error),
      )
    }

    child() {
      return this
    }
  }
}
