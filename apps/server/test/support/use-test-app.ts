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

export interface TestAppOfFile {
  testDatabase: TestDatabase
  database: Database
  app: App
  /** `http://127.0.0.1:<port>`, when it listens */
  baseUrl: string
  /** the app's devchain, when shared */
  chain: ChainConnection
}

/**
 * The app a test file's tests share, over a database of the file's own: made before they run,
 * closed after them. Its fields are set once the file's tests run.
 */
export function useTestApp(options: TestAppOptions = {}): TestAppOfFile {
  const shared = {} as TestAppOfFile
  beforeAll(async () => {
    shared.testDatabase = await createTestDatabase()
    shared.database = shared.testDatabase.database
    if (options.seedCatalogue) await seedCatalogueFor(readEnvironment({}), shared.database)
    if (options.sharedChain) shared.chain = await createTestChain()
    shared.app = await buildTestApp(shared.database, options.environment, shared.chain)
    if (options.listen) shared.baseUrl = await shared.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await shared.app?.close()
    await shared.chain?.close()
    await shared.testDatabase?.drop()
  })
  return shared
}
