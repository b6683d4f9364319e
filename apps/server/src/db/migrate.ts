import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from './database.ts'
import { sqlFilesIn } from './sql-files.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
export const migrationsDirectory = path.join(here, 'migrations')
export const functionsDirectory = path.join(here, 'functions')

// Any fixed key works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_346_591

/**
 * Brings the schema up to date: applies every `migrations/NNN_name.sql` not yet recorded, each
 * in its own transaction, in name order, then the stored functions (`functions/`). Processes
 * starting together against one PostgreSQL take turns on an advisory lock.
 */
export async function migrate(database: Database): Promise<string[]> {
  const applied: string[] = []
  for (const [file, sql] of await sqlFilesIn(migrationsDirectory)) {
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
  await applyStoredFunctions(database)
  return applied
}

/**
 * Each `functions/NN_name.sql` holds one function's current definition (CREATE OR REPLACE), in
 * name order, callees first. They are applied on every start, after the migrations, so the
 * files are the definitions whatever the database ran before; all in one transaction, so a
 * server still running sees the previous set or the new one, never a mix (and a file that
 * drops an old signature first never leaves its callers without it).
 */
async function applyStoredFunctions(database: Database): Promise<void> {
  const files = await sqlFilesIn(functionsDirectory)
  await database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY])
    for (const [, sql] of files) await tx.exec(sql)
  })
}
