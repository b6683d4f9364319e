import { afterAll, afterEach, beforeAll } from 'vitest'
import { seedCatalogueFor } from '../../src/campaigns/welcome.ts'
import type { ChainConnection } from '../../src/chain/chain-connection.ts'
import { readEnvironment } from '../../src/config/environment.ts'
import type { Database } from '../../src/db/database.ts'
import type { RewardWorker } from '../../src/worker/reward-worker.ts'
import { createTestChain } from './test-app.ts'
import { createTestDatabase, type TestDatabase } from './test-database.ts'
import { testWorker } from './worker.ts'

export interface WorkerTestOfFile {
  testDatabase: TestDatabase
  database: Database
  chain: ChainConnection
  /** the workers the running test started: stopped after it */
  workers: RewardWorker[]
  /**
   * Starts a test worker on the file's database and chain (or `chain`, the same seen through
   * another node), stopped after the test.
   */
  startWorker(
    options?: Parameters<typeof testWorker>[2],
    chain?: ChainConnection,
  ): Promise<RewardWorker>
}

/**
 * What a test file's workers run on, made before its tests and closed after them: a database with
 * the welcome catalogue, and the chain `openChain` opens (a fresh in-memory devchain unless given).
 * Its fields are set once the file's tests run.
 */
export function useWorkerTest(
  openChain: () => Promise<ChainConnection> = createTestChain,
): WorkerTestOfFile {
  const shared = { workers: [] } as unknown as WorkerTestOfFile
  shared.startWorker = async (options, chain) => {
    const worker = testWorker(shared.database, chain ?? shared.chain, options)
    shared.workers.push(worker)
    await worker.start()
    return worker
  }
  beforeAll(async () => {
    shared.testDatabase = await createTestDatabase()
    shared.database = shared.testDatabase.database
    shared.chain = await openChain()
    await seedCatalogueFor(readEnvironment({}), shared.database)
  })
  afterEach(async () => {
    for (const worker of shared.workers.splice(0)) await worker.stop()
  })
  afterAll(async () => {
    await shared.chain?.close()
    await shared.testDatabase?.drop()
  })
  return shared
}
