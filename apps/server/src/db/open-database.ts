import path from 'node:path'
import type { Database } from './database.ts'
import { migrate } from './migrate.ts'
import { openPgliteDatabase } from './pglite-database.ts'
import { openPostgresDatabase } from './postgres-database.ts'

export interface DatabaseSettings {
  /** PostgreSQL server to use; without it PGlite persists under `dataDir`. */
  databaseUrl?: string
  dataDir: string
  onListenError?: (error: Error) => void
}

/** Opens the configured engine and brings its schema up to date. */
export async function openDatabase(settings: DatabaseSettings): Promise<Database> {
  const database = settings.databaseUrl
    ? await openPostgresDatabase(settings.databaseUrl, { onListenError: settings.onListenError })
    : await openPgliteDatabase(path.join(settings.dataDir, 'pglite'))
  try {
    await migrate(database)
  } catch (error) {
    await database.close()
    throw error
  }
  return database
}
