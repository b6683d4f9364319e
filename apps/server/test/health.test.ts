import { Writable } from 'node:stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type App, buildApp } from '../src/app.ts'
import { readEnvironment } from '../src/config/environment.ts'
import type { Database } from '../src/db/database.ts'
import {
  READINESS_CHECK_TIMEOUT_MS,
  READINESS_INTERVAL_MS,
  type ReadinessCheck,
} from '../src/health/readiness.ts'
import { buildTestApp } from './support/test-app.ts'
import { createTestDatabase } from './support/test-database.ts'
import { useTestDatabase } from './support/use-test-app.ts'

// The file's apps share one database and chain, which readiness only reads; the test that drops
// its database has one of its own.
const shared = useTestDatabase({ chain: true })

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  vi.useRealTimers()
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

/** A stand-in for the chain node's check that counts its calls and fails while told to. */
function countingChainCheck() {
  const check = {
    name: 'chain',
    calls: 0,
    failure: undefined as Error | undefined,
    async check() {
      check.calls++
      if (check.failure) throw check.failure
    },
  }
  return check
}

/** The app with `checks` beside the database's, its log lines collected in `lines`. */
async function appWithChecks(checks: ReadinessCheck[], database = shared.database) {
  const lines: Array<Record<string, unknown>> = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  const app: App = await buildApp({
    env: readEnvironment({ WEB_DIST: '/nonexistent' }),
    database,
    chain: shared.chain,
    readinessChecks: checks,
    logger: { level: 'info', stream },
  })
  return { app, lines }
}

/** `database`, calling `answered` each time it has answered a query. */
function answering(database: Database, answered: () => void): Database {
  return new Proxy(database, {
    get(target, key) {
      const value = Reflect.get(target, key, target)
      if (key === 'query') {
        return async (...args: Parameters<Database['query']>) => {
          const rows = await target.query(...args)
          answered()
          return rows
        }
      }
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** Readiness reuses its verdict by the monotonic clock; the tests move that clock alone. */
const freezeClock = () => vi.useFakeTimers({ toFake: ['performance'] })

describe('health and readiness', () => {
  it('the process reports healthy and ready while the database answers', async () => {
    const app = await buildTestApp(shared.database, {}, shared.chain)
    cleanups.push(() => app.close())

    expect((await app.inject('/api/health')).json()).toEqual({ status: 'ok' })
    const ready = await app.inject('/api/ready')
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } })
  })

  it('readiness fails with 503 once the database no longer answers, health does not', async () => {
    const own = await createTestDatabase()
    const app = await buildTestApp(own.database, {}, shared.chain)
    cleanups.push(() => app.close())
    await own.drop()

    const ready = await app.inject('/api/ready')
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'unavailable' } })
    expect((await app.inject('/api/health')).statusCode).toBe(200)
  })
})

describe('readiness under many probes', () => {
  it('1,000 probes within the interval ask the chain once; the next one after it asks again', async () => {
    const chain = countingChainCheck()
    const { app } = await appWithChecks([chain])
    cleanups.push(() => app.close())
    freezeClock()

    const statuses = new Set<number>()
    for (let probe = 0; probe < 500; probe++) {
      statuses.add((await app.inject('/api/ready')).statusCode)
    }
    const concurrent = await Promise.all(
      Array.from({ length: 500 }, () => app.inject('/api/ready')),
    )
    for (const response of concurrent) statuses.add(response.statusCode)
    expect(statuses).toEqual(new Set([200]))
    expect(chain.calls).toBe(1)

    vi.advanceTimersByTime(READINESS_INTERVAL_MS - 1)
    await app.inject('/api/ready')
    expect(chain.calls).toBe(1)
    vi.advanceTimersByTime(1)
    await Promise.all(Array.from({ length: 50 }, () => app.inject('/api/ready')))
    expect(chain.calls).toBe(2)
  })

  it('probes arriving while the checks run wait for that run instead of starting another', async () => {
    let answer: () => void = () => undefined
    let calls = 0
    const slowChain: ReadinessCheck = {
      name: 'chain',
      check: () => {
        calls++
        return new Promise<void>((resolve) => {
          answer = resolve
        })
      },
    }
    const { app } = await appWithChecks([slowChain])
    cleanups.push(() => app.close())

    const probes = Array.from({ length: 100 }, () => app.inject('/api/ready'))
    await vi.waitFor(() => expect(calls).toBe(1))
    answer()
    const responses = await Promise.all(probes)
    expect(responses.map((response) => response.statusCode)).toEqual(Array(100).fill(200))
    expect(calls).toBe(1)
  })

  it('a dependency that never answers counts as unavailable, and the next run starts anew', async () => {
    let calls = 0
    const hangingChain: ReadinessCheck = {
      name: 'chain',
      check: () => {
        calls++
        return calls === 1 ? new Promise<void>(() => undefined) : Promise.resolve()
      },
    }
    let databaseAnswers = 0
    const { app, lines } = await appWithChecks(
      [hangingChain],
      answering(shared.database, () => databaseAnswers++),
    )
    cleanups.push(() => app.close())
    // The check's time limit passes on the fake clock, once the database has answered in time.
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout', 'clearTimeout'] })

    const probe = app.inject('/api/ready')
    await vi.waitFor(() => expect(databaseAnswers).toBe(1))
    await vi.advanceTimersByTimeAsync(READINESS_CHECK_TIMEOUT_MS)
    const hung = await probe
    expect(hung.statusCode).toBe(503)
    expect(hung.json().checks).toEqual({ database: 'ok', chain: 'unavailable' })
    expect(lines.find(({ msg }) => msg === 'not ready')).toMatchObject({
      dependency: 'chain',
      err: { message: `no answer within ${READINESS_CHECK_TIMEOUT_MS} ms` },
    })
    vi.advanceTimersByTime(READINESS_INTERVAL_MS)
    expect((await app.inject('/api/ready')).statusCode).toBe(200)
    expect(calls).toBe(2)
  })

  it('a failing dependency is logged once when it fails and once when it answers again', async () => {
    const chain = countingChainCheck()
    const { app, lines } = await appWithChecks([chain])
    cleanups.push(() => app.close())
    freezeClock()
    const probeEachInterval = async (times: number) => {
      const statuses: number[] = []
      for (let probe = 0; probe < times; probe++) {
        vi.advanceTimersByTime(READINESS_INTERVAL_MS)
        statuses.push((await app.inject('/api/ready')).statusCode)
      }
      return statuses
    }
    const readinessLines = () =>
      lines
        .filter((line) => line.module === 'readiness')
        .map(({ level, msg, dependency, err }) => ({
          level,
          msg,
          dependency,
          error: (err as { message?: string } | undefined)?.message,
        }))

    chain.failure = new Error('get_info timed out')
    expect(await probeEachInterval(5)).toEqual(Array(5).fill(503))
    chain.failure = undefined
    expect(await probeEachInterval(5)).toEqual(Array(5).fill(200))
    chain.failure = new Error('429 Too Many Requests')
    expect(await probeEachInterval(3)).toEqual(Array(3).fill(503))

    expect(chain.calls).toBe(13)
    expect(readinessLines()).toEqual([
      { level: 40, msg: 'not ready', dependency: 'chain', error: 'get_info timed out' },
      { level: 30, msg: 'ready again', dependency: 'chain', error: undefined },
      { level: 40, msg: 'not ready', dependency: 'chain', error: '429 Too Many Requests' },
    ])
  })
})
