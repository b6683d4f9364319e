import { afterAll, beforeAll } from 'vitest'
import type { App } from '../../src/app.ts'
import { seedCatalogueFor } from '../../src/campaigns/welcome.ts'
import type { ChainConnection } from '../../src/chain/chain-connection.ts'
import { readEnvironment } from '../../src/config/environment.ts'
import type { Database } from '../../src/db/database.ts'
import { buildTestApp, createTestChain } from './test-app.ts'
import { createTestDatabase, type TestDatabase } from './test-database.ts'

export interface TestAppOptions {
  /** settings over the test app's own */
  environment?: Record<string, string>
  /** adds the welcome campaign and its codes, as a server's first start does */
  seedCatalogue?: boolean
  /** also listens on a port (for streams and other real connections): `baseUrl` */
  listen?: boolean
  /** runs on a devchain the test reaches too (for other apps and workers): `chain` */
  sharedChain?: boolean
}

export interface TestDatabaseOfFile {
  testDatabase: TestDatabase
  database: Database
  /** a devchain, when asked for */
  chain: ChainConnection
}

export interface TestAppOfFile extends TestDatabaseOfFile {
  app: App
  /** `http://127.0.0.1:<port>`, when it listens */
  baseUrl: string
}

/**
 * A database of the test file's own, and a devchain when `chain` is set, which its tests share
 * (for apps they build themselves): made before they run, closed after them. Its fields are set
 * once the file's tests run.
 */
export function useTestDatabase(options: { chain?: boolean } = {}): TestDatabaseOfFile {
  const shared = {} as TestDatabaseOfFile
  beforeAll(async () => {
    shared.testDatabase = await createTestDatabase()
    shared.database = shared.testDatabase.database
    if (options.chain) shared.chain = await createTestChain()
  })
  afterAll(async () => {
    await shared.chain?.close()
    await shared.testDatabase?.drop()
  })
  return shared
}

/**
 * The app a test file's tests share, over a database of the file's own: made before they run,
 * closed after them (before the database, as Vitest runs later hooks' teardown first). Its
 * fields are set once the file's tests run.
 */
export function useTestApp(options: TestAppOptions = {}): TestAppOfFile {
  const shared = useTestDatabase({ chain: options.sharedChain }) as TestAppOfFile
  beforeAll(async () => {
    if (options.seedCatalogue) await seedCatalogueFor(readEnvironment({}), shared.database)
    shared.app = await buildTestApp(shared.database, options.environment, shared.chain)
    if (options.listen) shared.baseUrl = await shared.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await shared.app?.close()
  })
  return shared
}
