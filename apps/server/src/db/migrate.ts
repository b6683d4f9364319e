import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from './database.ts'

const migrationsDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

// Any fixed key works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_346_591

/**
 * Applies every `migrations/NNN_name.sql` not yet recorded, each in its own transaction, in name
 * order. Processes starting together against one PostgreSQL take turns on an advisory lock.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = (await readdir(migrationsDirectory)).filter((name) => name.endsWith('.sql')).sort()
  const applied: string[] = []
  for (const file of files) {
    const sql = await readFile(path.join(migrationsDirectory, file), 'utf8')
    const ran = await database.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY])
      await tx.query(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
           version text PRIMARY KEY,
           applied_at timestamptz NOT NULL DEFAULT now()
         )`,
      )
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [file])
      if (done.length > 0) return false
      await tx.exec(sql)
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file])
      return true
    })
    if (ran) applied.push(file)
  }
  return applied
}
