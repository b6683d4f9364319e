import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  bindWallet,
  createThrowawayDatabase,
  type EventStream,
  type HttpVisitor,
  httpVisitor,
  openEventStream,
  type StreamEvent,
} from '@fernwood/testkit'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
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

/** A stream of `route` as `visitor`, once its first event (`first`) has come. */
async function streamOf(
  url: string,
  visitor: HttpVisitor,
  route: string,
  first: (event: StreamEvent) => boolean,
): Promise<EventStream> {
  const stream = await openEventStream(`${url}${route}`, visitor.cookie())
  expect(stream.status).toBe(200)
  await stream.next(first)
  return stream
}

/** The operator, signed in with the Dev Wallet's key as the console's login does. */
async function signedInOperator(url: string) {
  const operator = httpVisitor(url, TEST_ORIGIN)
  expect((await operator.post('/api/session', {})).status).toBe(201)
  await bindWallet(operator.post, OPERATOR)
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

  it('with a visitor’s stream and the operators’ feed open beside the worker, one subscription carries a submission to each, and the worker pays it; a sign-out ends the stream', async () => {
    const operator = await signedInOperator(url)
    const live = await streamOf(url, operator, '/api/live', isSnapshot)
    const overview = await streamOf(url, operator, '/api/admin/live', isOverview)
    try {
      expect(subscriptions).toEqual([CHANGES_CHANNEL])
      const overviewsBefore = overview.events.length
      const submitted = await operator.post('/api/codes', { code: WELCOME_CODE })
      expect(submitted.status, submitted.body).toBe(201)
      await live.next((event) => event.event === 'reward')
      await overview.next(isOverview, undefined, overviewsBefore)
      await live.next((event) => event.event === 'paid')

      const signedOut = await fetch(`${url}/api/session`, {
        method: 'DELETE',
        headers: { origin: TEST_ORIGIN, cookie: operator.cookie() },
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
      // Migrated already: the server starts without running every migration.
      const throwaway = await createThrowawayDatabase('fernwood_test', {
        template: inject('postgresTemplate'),
      })
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
        const live = await streamOf(server.url, operator, '/api/live', isSnapshot)
        const overview = await streamOf(server.url, operator, '/api/admin/live', isOverview)
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
