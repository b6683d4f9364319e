import { createHash } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database, Queryable } from './database.ts'
import { sqlFilesIn } from './sql-files.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
export const migrationsDirectory = path.join(here, 'migrations')
export const functionsDirectory = path.join(here, 'functions')

// Any fixed key works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_346_591

type SqlFiles = Array<[name: string, sql: string]>

/**
 * Brings the schema up to date: applies every `migrations/NNN_name.sql` not yet recorded, each
 * in its own transaction, in name order, then the stored functions (`functions/`). Processes
 * starting together against one PostgreSQL take turns on an advisory lock. A start that finds
 * nothing to do only reads, and takes no lock: a restart waits on no transaction.
 */
export async function migrate(database: Database): Promise<string[]> {
  const [migrations, functions] = await Promise.all([
    sqlFilesIn(migrationsDirectory),
    sqlFilesIn(functionsDirectory),
  ])
  const functionsDigest = digestOf(functions)
  const state = await recordedState(database)
  const pending = migrations.filter(([file]) => !state.versions.has(file))
  if (pending.length === 0 && state.functions === functionsDigest) return []

  const applied: string[] = []
  for (const [file, sql] of pending) {
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
  await applyStoredFunctions(database, functions, functionsDigest)
  return applied
}

/**
 * What the database records of its schema: the migrations applied, and the digest of the function
 * files last applied if no function changed since (see `catalogFingerprint`).
 */
async function recordedState(
  database: Database,
): Promise<{ versions: Set<string>; functions: string | undefined }> {
  const [tables] = await database.query<{ migrations: boolean; functions: boolean }>(
    `SELECT to_regclass('schema_migrations') IS NOT NULL AS migrations,
            to_regclass('stored_functions_applied') IS NOT NULL AS functions`,
  )
  const versions = tables.migrations
    ? await database.query<{ version: string }>('SELECT version FROM schema_migrations')
    : []
  const [functions] = tables.functions
    ? await database.query<{ files_sha256: string }>(
        `SELECT files_sha256 FROM stored_functions_applied WHERE catalog = (${catalogFingerprint})`,
      )
    : []
  return {
    versions: new Set(versions.map((row) => row.version)),
    functions: functions?.files_sha256,
  }
}

/** The function files, names and texts, as one digest. */
function digestOf(files: SqlFiles): string {
  const hash = createHash('sha256')
  for (const [name, sql] of files) hash.update(`${name}\0${sql}\0`)
  return hash.digest('hex')
}

/**
 * Every function of the schema, each by its catalog row's identity and the transaction that last
 * wrote it: whatever changes a function (a `CREATE OR REPLACE` or `DROP` by hand, a migration's)
 * changes this.
 */
const catalogFingerprint = `
  SELECT md5(coalesce(string_agg(p.oid::text || '/' || p.xmin::text, ',' ORDER BY p.oid), ''))
    FROM pg_proc p
   WHERE p.pronamespace = 'public'::regnamespace`

/**
 * Each `functions/NN_name.sql` holds one function's current definition (CREATE OR REPLACE), in
 * name order, callees first. They are applied after the migrations whenever the files differ from
 * those last applied or any function of the schema changed since, so the files are the
 * definitions whatever the database ran before; all in one transaction, so a server still running
 * sees the previous set or the new one, never a mix (and a file that drops an old signature first
 * never leaves its callers without it). The same transaction records the files' digest and the
 * catalog's fingerprint it leaves, which a start finding both unchanged skips this by.
 */
async function applyStoredFunctions(
  database: Database,
  files: SqlFiles,
  digest: string,
): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY])
    await tx.query(
      `CREATE TABLE IF NOT EXISTS stored_functions_applied (
         only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
         files_sha256 text NOT NULL,
         catalog text NOT NULL
       )`,
    )
    if (await appliedAlready(tx, digest)) return
    for (const [, sql] of files) await tx.exec(sql)
    await tx.query(
      `INSERT INTO stored_functions_applied (files_sha256, catalog)
       VALUES ($1, (${catalogFingerprint}))
       ON CONFLICT (only_row) DO UPDATE SET files_sha256 = EXCLUDED.files_sha256,
                                            catalog = EXCLUDED.catalog`,
      [digest],
    )
  })
}

/** Whether another process starting beside this one applied these files meanwhile. */
async function appliedAlready(tx: Queryable, digest: string): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM stored_functions_applied
      WHERE files_sha256 = $1 AND catalog = (${catalogFingerprint})`,
    [digest],
  )
  return rows.length > 0
}
