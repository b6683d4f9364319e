import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import type { ChainConnection } from '../src/chain/chain-connection.ts'
import type { Database } from '../src/db/database.ts'
import { openPostgresDatabase } from '../src/db/postgres-database.ts'
import { hitCounterFor } from '../src/http/rate-limit-store.ts'
import { signInVisitor, submitCode } from './support/rewards.ts'
import { buildTestApp, createTestChain, jsonFromSite } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase, testDriver } from './support/test-database.ts'
import { watchedDatabase } from './support/watched-database.ts'

let testDatabase: TestDatabase
let chain: ChainConnection
/** What a second server opens: its own pool on PostgreSQL; on PGlite, the one database there is. */
let secondConnection: Database
const apps: App[] = []

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  chain = await createTestChain()
  secondConnection =
    testDriver === 'postgres'
      ? await openPostgresDatabase(testDatabase.url as string)
      : testDatabase.database
})
afterAll(async () => {
  for (const app of apps) await app.close()
  if (secondConnection !== testDatabase.database) await secondConnection.close()
  await chain.close()
  await testDatabase.drop()
})

/** Two servers of one deployment: the same settings, each with its own connection to the database. */
async function twoServers(environment: Record<string, string>): Promise<[App, App]> {
  const settings = { TRUST_PROXY: '1', ...environment }
  const first = await buildTestApp(testDatabase.database, settings, chain)
  const second = await buildTestApp(secondConnection, settings, chain)
  apps.push(first, second)
  return [first, second]
}

const signIn = (app: App, address: string) =>
  app.inject({
    method: 'POST',
    url: '/api/session',
    headers: { ...jsonFromSite, 'x-forwarded-for': address },
    payload: {},
  })

describe(`limits shared by every server on one database (${testDriver})`, () => {
  it('two servers count one address’s sign-ins together and refuse the third with the same 429', async () => {
    const [first, second] = await twoServers({ SIGN_INS_PER_MINUTE: '2' })
    const address = '198.51.100.1'
    const answers = [
      await signIn(first, address),
      await signIn(second, address),
      await signIn(first, address),
      await signIn(second, address),
    ]
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 429, 429])
    const refusal = {
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds?\.$/),
    }
    expect(answers[2].json().error).toEqual(refusal)
    expect(answers[3].json().error).toEqual(refusal)
    expect(Number(answers[3].headers['retry-after'])).toBeGreaterThan(0)

    // Another address has its own count, on either server.
    expect((await signIn(second, '198.51.100.2')).statusCode).toBe(201)
  })

  it('a visitor’s code submissions count together on both servers', async () => {
    const [first, second] = await twoServers({ CODE_SUBMITS_PER_MINUTE: '3' })
    const visitor = await signInVisitor(first, testDatabase.database, 'sharedlimits')
    const statuses: number[] = []
    for (const [index, app] of [first, second, first, second].entries()) {
      statuses.push((await submitCode(app, visitor, { code: `shared-limit-${index}` })).statusCode)
    }
    expect(statuses).toEqual([201, 201, 201, 429])
  })

  it('a session’s reads of the reward lists, and an address’s, count together on both servers', async () => {
    const [first, second] = await twoServers({
      REWARD_LISTS_PER_MINUTE: '3',
      REWARD_LISTS_PER_MINUTE_PER_ADDRESS: '5',
    })
    const address = '198.51.100.40'
    const readLists = (app: App, cookie: string) =>
      app.inject({
        method: 'GET',
        url: '/api/rewards',
        headers: { cookie, 'x-forwarded-for': address },
      })
    const session = await signInVisitor(first, testDatabase.database, undefined, {
      'x-forwarded-for': address,
    })
    const statuses: number[] = []
    for (const app of [first, second, first, second]) {
      statuses.push((await readLists(app, session.cookie)).statusCode)
    }
    expect(statuses).toEqual([200, 200, 200, 429])

    // A second session from the address: its own three, but the address's fifth read is the last.
    const other = await signInVisitor(second, testDatabase.database, undefined, {
      'x-forwarded-for': address,
    })
    const otherStatuses: number[] = []
    for (const app of [second, first]) {
      otherStatuses.push((await readLists(app, other.cookie)).statusCode)
    }
    expect(otherStatuses).toEqual([200, 429])
  })

  it('concurrent hits on one key from two connections are each counted once', async () => {
    const counters = [hitCounterFor(testDatabase.database), hitCounterFor(secondConnection)]
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        counters[index % 2].hit([{ key: 'test:concurrent', windowMs: 60_000 }]),
      ),
    )
    expect(counts.map(([{ hits }]) => hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    )
    for (const [{ msLeft }] of counts) expect(msLeft).toBeGreaterThan(0)
  })

  it('one hit counts several keys at once, answers in the order given, and concurrent hits sharing keys in any order all count', async () => {
    const counters = [hitCounterFor(testDatabase.database), hitCounterFor(secondConnection)]
    const a = { key: 'test:pair-a', windowMs: 60_000 }
    const b = { key: 'test:pair-b', windowMs: 60_000 }
    // Half name the keys one way round and half the other, from two connections: on PostgreSQL
    // both rows are locked by each statement, so any lock-order mistake would deadlock here.
    const orders = Array.from({ length: 30 }, (_, index) => (index % 3 === 0 ? [b, a] : [a, b]))
    const counts = await Promise.all(orders.map((order, index) => counters[index % 2].hit(order)))
    const hitsOn = (key: string) =>
      orders
        .flatMap((order, call) =>
          order.map((hit, position) => ({ hit, count: counts[call][position] })),
        )
        .filter(({ hit }) => hit.key === key)
        .map(({ count }) => count.hits)
        .sort((x, y) => x - y)
    const oneToThirty = Array.from({ length: 30 }, (_, index) => index + 1)
    expect(hitsOn(a.key)).toEqual(oneToThirty)
    expect(hitsOn(b.key)).toEqual(oneToThirty)
    // Answered in the order asked, not the keys' sorted order.
    expect(await counters[0].hit([{ key: 'test:pair-c', windowMs: 60_000 }, a])).toEqual([
      { hits: 1, msLeft: expect.any(Number) },
      { hits: 31, msLeft: expect.any(Number) },
    ])
  })

  it('hits arriving together are counted in one statement, each as if counted alone, in order', async () => {
    const watched = watchedDatabase(testDatabase.database, 'SELECT key, hits, ms_left')
    const counter = hitCounterFor(watched.database)
    const a = { key: 'batched:a', windowMs: 60_000 }
    const b = { key: 'batched:b', windowMs: 60_000 }
    const counts = await Promise.all([[a], [a, b], [a], [b]].map((hits) => counter.hit(hits)))
    // Five hits, of four requests, in one statement.
    expect(watched.sizes).toEqual([5])
    expect(counts.map((each) => each.map(({ hits }) => hits))).toEqual([[1], [2, 1], [3], [2]])
  })

  it('a window that has ended starts over, and sweeping forgets it', async () => {
    const counter = hitCounterFor(testDatabase.database)
    // Long enough that two hits in a row land in one window even on a loaded machine.
    const short = [{ key: 'test:short', windowMs: 1_000 }]
    const kept = [{ key: 'test:kept', windowMs: 60_000 }]
    await counter.hit(short)
    expect((await counter.hit(short))[0].hits).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect((await counter.hit(short))[0].hits).toBe(1)

    await counter.hit(kept)
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    await counter.sweep()
    // The ended window is gone from the store; the open one keeps its count.
    const rows = await testDatabase.database.query<{ key: string }>(
      "SELECT key FROM rate_limit_windows WHERE key LIKE 'test:%' ORDER BY key",
    )
    expect(rows.map(({ key }) => key)).toEqual([
      'test:concurrent',
      'test:kept',
      'test:pair-a',
      'test:pair-b',
      'test:pair-c',
    ])
    expect((await counter.hit(kept))[0].hits).toBe(2)
  })
})
