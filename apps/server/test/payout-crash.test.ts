import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startDevchain } from '@fernwood/devchain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogueFor } from '../src/campaigns/welcome.ts'
import { remoteChain } from '../src/chain/chain-connection.ts'
import { readEnvironment } from '../src/config/environment.ts'
import type { Database } from '../src/db/database.ts'
import { openDatabase } from '../src/db/open-database.ts'
import { eventually } from './support/rewards.ts'
import { spawnScript } from './support/script-process.ts'
import {
  copyMigratedCluster,
  createPostgresDatabase,
  dropPostgresDatabase,
  testDriver,
} from './support/test-database.ts'
import { balanceOf, testWorker } from './support/worker.ts'

let devchain: Awaited<ReturnType<typeof startDevchain>>
let dataDir: string
let postgresUrl: URL | undefined

beforeAll(async () => {
  devchain = await startDevchain({ port: 0, blockIntervalMs: 100 })
  dataDir = await mkdtemp(path.join(tmpdir(), 'fernwood-crash-'))
  await copyMigratedCluster(dataDir)
  if (testDriver === 'postgres') postgresUrl = await createPostgresDatabase()
})
afterAll(async () => {
  await devchain.close()
  await rm(dataDir, { recursive: true, force: true })
  if (postgresUrl) await dropPostgresDatabase(postgresUrl)
})

/** The same storage the worker process uses: PGlite files under DATA_DIR, or the PostgreSQL DB. */
const environment = () => ({
  DATA_DIR: dataDir,
  ...(postgresUrl && { DATABASE_URL: postgresUrl.toString() }),
  DEVCHAIN_URL: devchain.url,
  WORKER_POLL_INTERVAL_MS: '25',
  WORKER_LEASE_SECONDS: '1',
})
const open = () => openDatabase({ databaseUrl: postgresUrl?.toString(), dataDir })

const ACCOUNTS = ['alice.wam', 'bob.wam', 'carol.wam']

// Starts worker processes that each open the database: allow for a busy machine.
describe('a worker killed between broadcast and record', { timeout: 180_000 }, () => {
  it('loses no reward of the batch and pays each exactly once after a restart', async () => {
    const chain = remoteChain({
      name: 'devchain',
      id: devchain.chainId,
      apiUrl: devchain.url,
      publicApiUrl: devchain.url,
      explorerTransactionUrl: '',
    })
    const before = await Promise.all(ACCOUNTS.map((account) => balanceOf(chain, account)))

    // PGlite has one owner at a time: the test lets go of it while the worker process runs.
    let database: Database = await open()
    await seedCatalogueFor(readEnvironment({}), database)
    const ids = (
      await database.query<{ id: string }>(
        `INSERT INTO rewards (code, wax_account)
         SELECT 'fernwoodwelcome', unnest($1::text[]) RETURNING id`,
        [ACCOUNTS],
      )
    ).map((row) => row.id)
    await database.close()

    const crashing = spawnScript('test/support/crashing-worker.ts', environment())
    expect(await crashing.exited).toBe('SIGKILL')
    // The transfers went through, in one transaction; nothing about it was recorded as paid.
    const paid = await Promise.all(ACCOUNTS.map((account) => balanceOf(chain, account)))
    paid.forEach((balance, index) => {
      expect(balance).toBeCloseTo(before[index] + 10, 4)
    })

    database = await open()
    try {
      const left = await database.query<{ status: string; state: string; transaction_id: string }>(
        `SELECT r.status, p.state, p.transaction_id
           FROM rewards r JOIN payouts p ON p.reward_id = r.id WHERE r.id = ANY($1::uuid[])`,
        [ids],
      )
      expect(left).toHaveLength(ACCOUNTS.length)
      expect(new Set(left.map((row) => row.transaction_id)).size).toBe(1)
      for (const row of left)
        expect(row).toMatchObject({ status: 'processing', state: 'broadcast' })

      const restarted = testWorker(database, chain, { env: { WORKER_LEASE_SECONDS: '1' } })
      await restarted.start()
      try {
        await eventually(
          () =>
            database.query<{ status: string }>(
              'SELECT status FROM rewards WHERE id = ANY($1::uuid[])',
              [ids],
            ),
          (rows) => rows.every((row) => row.status === 'completed'),
        )
      } finally {
        await restarted.stop()
      }
      const payouts = await database.query<{ state: string; transaction_id: string }>(
        'SELECT state, transaction_id FROM payouts WHERE reward_id = ANY($1::uuid[])',
        [ids],
      )
      expect(payouts).toEqual(
        ids.map(() => ({ state: 'confirmed', transaction_id: left[0].transaction_id })),
      )
      const history = await database.query<{ transaction_id: string }>(
        'SELECT transaction_id FROM reward_history WHERE reward_id = ANY($1::uuid[])',
        [ids],
      )
      expect(history).toEqual(ids.map(() => ({ transaction_id: left[0].transaction_id })))
      const after = await Promise.all(ACCOUNTS.map((account) => balanceOf(chain, account)))
      after.forEach((balance, index) => {
        expect(balance).toBeCloseTo(before[index] + 10, 4)
      })
    } finally {
      await database.close()
    }
  })
})
