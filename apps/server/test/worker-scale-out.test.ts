import { startDevchain } from '@fernwood/devchain'
import { freePort, serverEntries } from '@fernwood/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChainConnection } from '../src/chain/chain-connection.ts'
import { untilEveryRewardCompleted } from './support/rewards.ts'
import { type ScriptProcess, spawnScript, stopScript } from './support/script-process.ts'
import { remoteTestChain } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase, testDriver } from './support/test-database.ts'
import { balanceOf, fernCampaign, testWorker } from './support/worker.ts'

const ACCOUNTS = ['alice.wam', 'bob.wam', 'carol.wam']
const CODES_PER_ACCOUNT = 8
const METRICS_TOKEN = 'a-metrics-token-for-workers'
// Small batches, so that the two workers share the queue batch by batch.
const WORKER_ENV = { PAYOUT_BATCH_SIZE: '4', WORKER_CONCURRENCY: '2' }

let devchain: Awaited<ReturnType<typeof startDevchain>>
let chain: ChainConnection
let testDatabase: TestDatabase

beforeAll(async () => {
  devchain = await startDevchain({ port: 0, blockIntervalMs: 100 })
  chain = remoteTestChain(devchain)
  testDatabase = await createTestDatabase()
})
afterAll(async () => {
  await testDatabase.drop()
  await devchain.close()
})

interface TwoWorkers {
  /** each worker process's /metrics (PostgreSQL only: on PGlite both share this process) */
  metricsUrls: string[]
  stop(): Promise<void>
}

/** Two workers share one queue: as processes on PostgreSQL, side by side in one on PGlite. */
async function startTwoWorkers(): Promise<TwoWorkers> {
  if (testDriver === 'postgres') {
    const env = {
      DATABASE_URL: testDatabase.url as string,
      DEVCHAIN_URL: devchain.url,
      WORKER_POLL_INTERVAL_MS: '25',
      ...WORKER_ENV,
      METRICS_TOKEN,
    }
    const ports = [await freePort(), await freePort()]
    const processes: ScriptProcess[] = ports.map((port) =>
      spawnScript(serverEntries.worker, { ...env, WORKER_METRICS_PORT: String(port) }),
    )
    return {
      metricsUrls: ports.map((port) => `http://127.0.0.1:${port}/metrics`),
      async stop() {
        for (const worker of processes) {
          expect(await stopScript(worker)).toBe(0)
          // No claim ever failed, e.g. on a deadlock between the two.
          expect(worker.output()).not.toContain('"level":50')
        }
      },
    }
  }
  const workers = [
    testWorker(testDatabase.database, chain, { env: WORKER_ENV }),
    testWorker(testDatabase.database, chain, { env: WORKER_ENV }),
  ]
  for (const worker of workers) await worker.start()
  return {
    metricsUrls: [],
    async stop() {
      for (const worker of workers) await worker.stop()
    },
  }
}

/** How many payouts one worker process says it completed, from its own /metrics. */
async function completedPayoutsOf(metricsUrl: string): Promise<number> {
  const response = await fetch(metricsUrl, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  })
  expect(response.status).toBe(200)
  const sample = (await response.text()).match(
    /^fernwood_payouts_total\{state="completed"\} (\d+)$/m,
  )
  return Number(sample?.[1] ?? 0)
}

// Starts worker processes that each open the database: allow for a busy machine.
describe('several workers on one database', { timeout: 180_000 }, () => {
  it(`two workers (${testDriver === 'postgres' ? 'two processes' : 'one process'}) pay each reward exactly once, in batches`, async () => {
    const db = testDatabase.database
    const codes = Array.from({ length: CODES_PER_ACCOUNT }, (_, index) => `scale-${index}`)
    await fernCampaign(db, 'scale-out', codes, { name: 'Scale-out' })
    const before = await Promise.all(ACCOUNTS.map((account) => balanceOf(chain, account)))

    const workers = await startTwoWorkers()
    let completedByWorkers: number[] = []
    try {
      // All due at once: each claim takes as many as its worker pays in one go.
      await db.query(
        `INSERT INTO rewards (code, wax_account)
         SELECT code, account FROM unnest($1::text[]) code, unnest($2::text[]) account`,
        [codes, ACCOUNTS],
      )
      await untilEveryRewardCompleted(db, 30_000)
      completedByWorkers = await Promise.all(workers.metricsUrls.map(completedPayoutsOf))
    } finally {
      await workers.stop()
    }

    const total = ACCOUNTS.length * CODES_PER_ACCOUNT
    const payouts = await db.query<{ state: string; rewards: number; count: number }>(
      `SELECT state, count(DISTINCT reward_id)::int AS rewards, count(*)::int AS count
         FROM payouts GROUP BY state`,
    )
    expect(payouts).toEqual([{ state: 'confirmed', rewards: total, count: total }])
    const transactions = await db.query<{ transfers: number }>(
      'SELECT transfers FROM payout_transactions ORDER BY transfers DESC',
    )
    expect(transactions.reduce((sum, { transfers }) => sum + transfers, 0)).toBe(total)
    expect(transactions[0].transfers).toBe(4)
    const [{ entries }] = await db.query<{ entries: number }>(
      'SELECT count(*)::int AS entries FROM reward_history',
    )
    expect(entries).toBe(total)
    const after = await Promise.all(ACCOUNTS.map((account) => balanceOf(chain, account)))
    after.forEach((balance, index) => {
      expect(balance).toBeCloseTo(before[index] + CODES_PER_ACCOUNT, 4)
    })
    // Each worker process serves its own counters; together they account for every payout.
    if (testDriver === 'postgres') {
      expect(completedByWorkers.reduce((sum, count) => sum + count, 0)).toBe(total)
    }
  })
})
