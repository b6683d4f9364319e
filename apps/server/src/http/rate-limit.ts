import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sessionTokenOf } from '../auth/session-cookie.ts'
import { hashSessionToken } from '../auth/session-token.ts'
import type { Database } from '../db/database.ts'
import { RateLimited, retryAfter } from './errors.ts'
import { type HitCounter, hitCounterFor } from './rate-limit-store.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's one rate-limit store; routes reach it through `rateLimitHook` */
    hitCounter: HitCounter
  }
}

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
 * The client's session: its token's hash, the only form the sessions table keeps either, so the
 * shared store never holds a token; the client's address when it sends no session cookie.
 */
export function clientSession(request: FastifyRequest): string {
  const token = sessionTokenOf(request)
  return token ? hashSessionToken(token).toString('base64url') : `address:${clientAddress(request)}`
}

/**
 * Gives the app its one rate-limit store (see `hitCounterFor`): kept in the database, so every
 * server on it counts together.
 */
export function installRateLimits(app: FastifyInstance, database: Database): void {
  const counter = hitCounterFor(database)
  app.decorate('hitCounter', counter)
  const sweeper = setInterval(() => {
    counter.sweep().catch((error) => app.log.warn({ err: error }, 'rate-limit sweep failed'))
  }, SWEEP_INTERVAL_MS)
  sweeper.unref()
  app.addHook('onClose', async () => clearInterval(sweeper))
}

/**
 * The one way to declare limits: a hook for a route's `onRequest` or `preHandler` that counts
 * the request against every limit given, in one round trip to the store, and refuses it with 429
 * and `Retry-After` once any of them is over (the first such, in the order given).
 *
 * Several keys per request in one statement is why this counts over our own store rather than
 * through @fastify/rate-limit's `createRateLimit`, which counts one key per call.
 */
export function rateLimitHook(
  app: Pick<FastifyInstance, 'hitCounter'>,
  ...limits: [RateLimit, ...RateLimit[]]
): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const counts = await app.hitCounter.hit(
      limits.map((limit) => ({
        key: `${limit.name}:${limit.key(request)}`,
        windowMs: limit.windowMs,
      })),
    )
    const over = limits.findIndex((limit, index) => counts[index].hits > limit.max)
    if (over !== -1) throw refusal(limits[over], counts[over].msLeft)
  }
}

/**
 * A lockout: once `max` failures (an unknown code looked up, say) are counted for a key within
 * `windowMs` of its first, that key's requests are refused until the window ends. Unlike a rate
 * limit only failures count, so a client that makes none is never held back by it.
 */
export interface Lockout {
  /** names the counter, as a limit's name does */
  name: string
  max: number
  windowMs: number
  key(request: FastifyRequest): string
  refuse(waitingTime: string): Error
}

/**
 * A lockout over the app's one rate-limit store: `attempt` runs a request's attempt (a code looked
 * up, say) unless the request's key is locked out, which it refuses with 429 and `Retry-After`;
 * an attempt answering undefined is a failure, and counts.
 *
 * The failure is counted before the attempt runs, in the one statement that decides, and taken
 * back once the attempt succeeds: requests racing on one key each get a count of their own, so no
 * more than `max` are tried. Counted after the attempt, a burst would all be tried, and which of
 * them were answered would tell the hits from the misses.
 */
export function lockoutOf(
  app: Pick<FastifyInstance, 'hitCounter'>,
  lockout: Lockout,
): {
  attempt<T>(request: FastifyRequest, run: () => Promise<T | undefined>): Promise<T | undefined>
} {
  return {
    async attempt(request, run) {
      const key = `${lockout.name}:${lockout.key(request)}`
      const [count] = await app.hitCounter.hit([{ key, windowMs: lockout.windowMs }])
      if (count.hits > lockout.max) throw refusal(lockout, count.msLeft)
      const result = await run()
      if (result !== undefined) await app.hitCounter.takeBack(key)
      return result
    },
  }
}

/** The 429 of a limit that is over, saying when it lifts (`Retry-After` and in its words). */
export function refusal(limit: Pick<RateLimit, 'refuse'>, msLeft: number): Error {
  const secondsLeft = Math.max(1, Math.ceil(msLeft / 1000))
  const refuse = limit.refuse ?? ((wait: string) => new RateLimited(wait))
  return retryAfter(refuse(waitingTime(secondsLeft)), secondsLeft)
}

/** '1 second', '40 seconds', '3 minutes': how long until a limit lifts, rounded up. */
export function waitingTime(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds))
  if (whole < 120) return `${whole} second${whole === 1 ? '' : 's'}`
  const minutes = Math.ceil(whole / 60)
  return `${minutes} minutes`
}
