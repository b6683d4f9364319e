import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import type { ChainConnection } from '../src/chain/chain-connection.ts'
import type { Database } from '../src/db/database.ts'
import { openPostgresDatabase } from '../src/db/postgres-database.ts'
import { hitCounterFor } from '../src/http/rate-limit-store.ts'
import { signInVisitor, submitCode } from './support/rewards.ts'
import { buildTestApp, createTestChain, jsonFromSite } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase, testDriver } from './support/test-database.ts'

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

  it('concurrent hits on one key from two connections are each counted once', async () => {
    const counters = [hitCounterFor(testDatabase.database), hitCounterFor(secondConnection)]
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, index) => counters[index % 2].hit('test:concurrent', 60_000)),
    )
    expect(counts.map(({ hits }) => hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    )
    for (const { msLeft } of counts) expect(msLeft).toBeGreaterThan(0)
  })

  it('a window that has ended starts over, and sweeping forgets it', async () => {
    const counter = hitCounterFor(testDatabase.database)
    await counter.hit('test:short', 50)
    expect((await counter.hit('test:short', 50)).hits).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect((await counter.hit('test:short', 50)).hits).toBe(1)

    await counter.hit('test:kept', 60_000)
    await new Promise((resolve) => setTimeout(resolve, 120))
    await counter.sweep()
    // Only PostgreSQL's store can be looked into; on both, the open window keeps its count.
    if (testDriver === 'postgres') {
      const rows = await testDatabase.database.query<{ key: string }>(
        "SELECT key FROM rate_limit_windows WHERE key LIKE 'test:%' ORDER BY key",
      )
      expect(rows).toEqual([{ key: 'test:concurrent' }, { key: 'test:kept' }])
    }
    expect((await counter.hit('test:kept', 60_000)).hits).toBe(2)
  })
})
