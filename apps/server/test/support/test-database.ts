import { randomBytes } from 'node:crypto'
import pg from 'pg'
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
  if (testDriver === 'pglite') {
    const database = await openPgliteDatabase('memory://')
    await migrate(database)
    return { database, drop: () => database.close() }
  }
  const url = await createPostgresDatabase()
  const database = await openPostgresDatabase(url.toString())
  await migrate(database)
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close()
      await dropPostgresDatabase(url)
    },
  }
}

/** A fresh, empty PostgreSQL database on the test server (for tests that start processes). */
export async function createPostgresDatabase(): Promise<URL> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('TEST_DATABASE_URL must name a PostgreSQL server')
  const name = `fernwood_test_${randomBytes(6).toString('hex')}`
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`))
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url
}

export async function dropPostgresDatabase(url: URL): Promise<void> {
  const name = url.pathname.slice(1)
  await withAdminClient(url.toString(), (client) =>
    client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  )
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}
