import { mkdir, readFile } from 'node:fs/promises'
import { copyPgliteCluster, createThrowawayDatabase, dropDatabase } from '@fernwood/testkit'
import { inject } from 'vitest'
import type { Database } from '../../src/db/database.ts'
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
 * on the TEST_DATABASE_URL server, dropped afterwards, so test files can run side by side. Both
 * are copies of the run's migrated template (database-templates.ts).
 */
export function createTestDatabase(): Promise<TestDatabase> {
  return copyOfTemplate('migrated')
}

/** As createTestDatabase, before any migration: for tests of what a migration does to old rows. */
export function createUnmigratedTestDatabase(): Promise<TestDatabase> {
  return copyOfTemplate('unmigrated')
}

async function copyOfTemplate(schema: 'migrated' | 'unmigrated'): Promise<TestDatabase> {
  if (testDriver === 'pglite') {
    const dump = new Blob([await readFile(inject('pgliteDumps')[schema])])
    const database = await openPgliteDatabase('memory://', { loadDataDir: dump })
    return { database, drop: () => database.close() }
  }
  const throwaway = await createThrowawayDatabase('fernwood_test', {
    template: schema === 'migrated' ? inject('postgresTemplate') : undefined,
  })
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

/**
 * Makes `dataDir` (private, as a server makes it) holding a copy of the run's migrated PGlite
 * cluster where a server or worker on it keeps its own, so that the first process to open it
 * skips initialising one. On PostgreSQL a DATA_DIR holds no database: it stays as it is.
 */
export async function copyMigratedCluster(dataDir: string): Promise<void> {
  if (testDriver !== 'pglite') return
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  copyPgliteCluster(inject('pgliteCluster'), dataDir)
}

/**
 * A PostgreSQL database on the test server for tests that start processes: a copy of the run's
 * migrated template, so that the first process on it has no migration to run.
 */
export async function createPostgresDatabase(): Promise<URL> {
  const throwaway = await createThrowawayDatabase('fernwood_test', {
    template: inject('postgresTemplate'),
  })
  return new URL(throwaway.url)
}

export function dropPostgresDatabase(url: URL): Promise<void> {
  return dropDatabase(url.toString())
}
