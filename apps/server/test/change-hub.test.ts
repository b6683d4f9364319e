import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  bindWallet,
  createThrowawayDatabase,
  type EventStream,
  openEventStream,
  type StreamEvent,
} from '@fernwood/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import { seedCatalogueFor } from '../src/campaigns/welcome.ts'
import type { ChainConnection } from '../src/chain/chain-connection.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { welcomeCodeFor } from '../src/config/public-config.ts'
import type { Database } from '../src/db/database.ts'
import { CHANGES_CHANNEL } from '../src/events/channel.ts'
import { startServer } from '../src/server.ts'
import type { RewardWorker } from '../src/worker/reward-worker.ts'
import { buildTestApp, createTestChain, TEST_ORIGIN } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase, testDriver } from './support/test-database.ts'
import { testWorker } from './support/worker.ts'

const OPERATOR = 'alice.wam'
const env = readEnvironment({ PUBLIC_ORIGIN: TEST_ORIGIN })
const WELCOME_CODE = welcomeCodeFor(env.PRODUCT_NAME)

/** A visitor of the server at `url`, posting as the site's pages do, keeping the cookie it is given. */
function visitorOf(url: string) {
  const visitor = {
    cookie: '',
    async post(to: string, body: object) {
      const response = await fetch(`${url}${to}`, {
        method: 'POST',
        headers: {
          origin: TEST_ORIGIN,
          'content-type': 'application/json',
          cookie: visitor.cookie,
        },
        body: JSON.stringify(body),
      })
      const session = response.headers
        .getSetCookie()
        .find((set) => set.startsWith('fernwood_session='))
      if (session) visitor.cookie = session.split(';')[0]
      return { status: response.status, body: await response.text() }
    },
    /** A stream of `route`, once its first event (`first`) has come. */
    async stream(route: string, first: (event: StreamEvent) => boolean): Promise<EventStream> {
      const stream = await openEventStream(`${url}${route}`, visitor.cookie)
      expect(stream.status).toBe(200)
      await stream.next(first)
      return stream
    },
  }
  return visitor
}

/** The operator, signed in with the Dev Wallet's key as the console's login does. */
async function signedInOperator(url: string) {
  const operator = visitorOf(url)
  expect((await operator.post('/api/session', {})).status).toBe(201)
  await bindWallet((to, body) => operator.post(to, body), OPERATOR)
  return operator
}

const isSnapshot = (event: StreamEvent) => event.event === 'snapshot'
const isOverview = (event: StreamEvent) => event.event === 'overview'

describe(`a server process listens to the changes channel through one hub (${testDriver})`, () => {
  let testDatabase: TestDatabase
  let chain: ChainConnection
  let app: App
  let worker: RewardWorker
  let url: string
  const subscriptions: string[] = []
  let ended = 0

  // The process as server.ts composes it: the app (visitors' and operators' streams) and the
  // worker on one database, whose subscriptions the test counts.
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    const { database } = testDatabase
    await seedCatalogueFor(env, database)
    const counting: Database = {
      ...database,
      async listen(channel, onNotification) {
        subscriptions.push(channel)
        const unlisten = await database.listen(channel, onNotification)
        return async () => {
          ended++
          await unlisten()
        }
      },
    }
    chain = await createTestChain()
    app = await buildTestApp(counting, { ADMIN_ACCOUNTS: OPERATOR }, chain)
    url = await app.listen({ port: 0, host: '127.0.0.1' })
    // Only the changes channel's `due` can wake it within the test.
    worker = testWorker(counting, chain, { env: { WORKER_POLL_INTERVAL_MS: '3600000' } })
    await worker.start()
  })
  afterAll(async () => {
    await worker.stop()
    await app.close()
    await chain.close()
    await testDatabase.drop()
  })

  it('its visitors’ streams, operators’ feed and worker subscribe once', () => {
    expect(subscriptions).toEqual([CHANGES_CHANNEL])
  })

  it('a submission reaches the visitor’s stream and the operators’ console and wakes the worker, which pays it; a sign-out ends the stream', async () => {
    const operator = await signedInOperator(url)
    const live = await operator.stream('/api/live', isSnapshot)
    const overview = await operator.stream('/api/admin/live', isOverview)
    try {
      const overviewsBefore = overview.events.length
      const submitted = await operator.post('/api/codes', { code: WELCOME_CODE })
      expect(submitted.status, submitted.body).toBe(201)
      await live.next((event) => event.event === 'reward')
      await overview.next(isOverview, undefined, overviewsBefore)
      await live.next((event) => event.event === 'paid')

      const signedOut = await fetch(`${url}/api/session`, {
        method: 'DELETE',
        headers: { origin: TEST_ORIGIN, cookie: operator.cookie },
      })
      expect(signedOut.ok).toBe(true)
      await live.ended
    } finally {
      live.close()
      overview.close()
    }
  })

  it('the subscription ends with the last of them, not before', async () => {
    await worker.stop()
    expect(ended).toBe(0)
    await app.close()
    expect(ended).toBe(1)
  })
})

if (testDriver === 'postgres') {
  describe('a running server on PostgreSQL', () => {
    it('holds one LISTEN connection while its visitors’ streams, operators’ feed and worker all listen', async () => {
      const throwaway = await createThrowawayDatabase('fernwood_test')
      const dataDir = await mkdtemp(path.join(tmpdir(), 'fernwood-change-hub-'))
      const server = await startServer(
        readEnvironment({
          PUBLIC_ORIGIN: TEST_ORIGIN,
          WEB_DIST: '/nonexistent',
          HOST: '127.0.0.1',
          PORT: '0',
          ADMIN_ACCOUNTS: OPERATOR,
          DATA_DIR: dataDir,
          DATABASE_URL: throwaway.url,
        }),
        { logger: false },
      )
      try {
        const operator = await signedInOperator(server.url)
        const live = await operator.stream('/api/live', isSnapshot)
        const overview = await operator.stream('/api/admin/live', isOverview)
        const [{ listening }] = await server.database.query<{ listening: number }>(
          `SELECT count(*)::int AS listening FROM pg_stat_activity
            WHERE datname = current_database() AND query ILIKE 'LISTEN %'`,
        )
        live.close()
        overview.close()
        expect(listening).toBe(1)
      } finally {
        await server.close()
        await throwaway.drop()
        await rm(dataDir, { recursive: true, force: true })
      }
    })
  })
}
