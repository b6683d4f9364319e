import { createThrowawayDatabase, dropDatabase } from '@fernwood/testkit'
import type { Database } from '../../src/db/database.ts'
import { migrate } from '../../src/db/migrate.ts'
import { openPgliteDatabase } from '../../src/db/pglite-database.ts'
import { openPostgresDatabase } from '../../src/db/postgres-database.ts'

export const testDriver = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite'

export interface TestDatabase {
  database: Database
  /** the PostgreSQL URL of this database, for processes the test starts (postgres driver only) */
  url?: string
  drop(): Promise<void>
}

/**
 * A migrated, empty database of its own for one test file: PGlite in memory, or a new database
 * on the TEST_DATABASE_URL server, dropped afterwards, so test files can run side by side.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const created = await createUnmigratedTestDatabase()
  await migrate(created.database)
  return created
}

/** As createTestDatabase, before any migration: for tests of what a migration does to old rows. */
export async function createUnmigratedTestDatabase(): Promise<TestDatabase> {
  if (testDriver === 'pglite') {
    const database = await openPgliteDatabase('memory://')
    return { database, drop: () => database.close() }
  }
  const throwaway = await createThrowawayDatabase('fernwood_test')
  const database = await openPostgresDatabase(throwaway.url)
  return {
    database,
    url: throwaway.url,
    async drop() {
      await database.close()
      await throwaway.drop()
    },
  }
}

/** A fresh, empty PostgreSQL database on the test server (for tests that start processes). */
export async function createPostgresDatabase(): Promise<URL> {
  return new URL((await createThrowawayDatabase('fernwood_test')).url)
}

export function dropPostgresDatabase(url: URL): Promise<void> {
  return dropDatabase(url.toString())
}
