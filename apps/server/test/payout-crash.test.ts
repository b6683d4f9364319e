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

// Starts worker processes that each open the database: allow for a busy machine.
describe('a worker killed between broadcast and record', { timeout: 180_000 }, () => {
  it('loses no reward and pays it exactly once after a restart', async () => {
    const chain = remoteChain({
      name: 'devchain',
      id: devchain.chainId,
      apiUrl: devchain.url,
      publicApiUrl: devchain.url,
      explorerTransactionUrl: '',
    })
    const before = await balanceOf(chain, 'carol.wam')

    // PGlite has one owner at a time: the test lets go of it while the worker process runs.
    let database: Database = await open()
    await seedCatalogueFor(readEnvironment({}), database)
    const [{ id }] = await database.query<{ id: string }>(
      "INSERT INTO rewards (code, wax_account) VALUES ('fernwoodwelcome', 'carol.wam') RETURNING id",
    )
    await database.close()

    const crashing = spawnScript('test/support/crashing-worker.ts', environment())
    expect(await crashing.exited).toBe('SIGKILL')
    // The transfer went through; nothing about it was recorded as paid.
    expect(await balanceOf(chain, 'carol.wam')).toBeCloseTo(before + 10, 4)

    database = await open()
    try {
      const [left] = await database.query<{ status: string; state: string }>(
        `SELECT r.status, p.state FROM rewards r JOIN payouts p ON p.reward_id = r.id WHERE r.id = $1`,
        [id],
      )
      expect(left).toEqual({ status: 'processing', state: 'broadcast' })

      const restarted = testWorker(database, chain, { env: { WORKER_LEASE_SECONDS: '1' } })
      await restarted.start()
      try {
        await eventually(
          () =>
            database.query<{ status: string }>('SELECT status FROM rewards WHERE id = $1', [id]),
          ([row]) => row.status === 'completed',
        )
      } finally {
        await restarted.stop()
      }
      const payouts = await database.query<{ state: string }>(
        'SELECT state FROM payouts WHERE reward_id = $1',
        [id],
      )
      expect(payouts).toEqual([{ state: 'confirmed' }])
      const history = await database.query('SELECT 1 FROM reward_history WHERE reward_id = $1', [
        id,
      ])
      expect(history).toHaveLength(1)
      expect(await balanceOf(chain, 'carol.wam')).toBeCloseTo(before + 10, 4)
    } finally {
      await database.close()
    }
  })
})
