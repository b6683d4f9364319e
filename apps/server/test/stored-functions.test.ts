import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../src/db/database.ts'
import { functionsDirectory, migrate, migrationsDirectory } from '../src/db/migrate.ts'
import { sqlFilesIn } from '../src/db/sql-files.ts'
import { createUnmigratedTestDatabase, testDriver } from './support/test-database.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
/**
 * The release before db/functions shipped migrations 001–014, which defined (and redefined) the
 * stored functions. Their schema statements are today's 001–014 unchanged (the stored functions
 * left them, nothing else did); what they left in the functions is this file.
 */
const previousReleaseFunctions = path.join(here, 'fixtures/functions-of-the-previous-release.sql')
const previousReleaseLastMigration = '014'

const closers: Array<() => Promise<unknown>> = []
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

/** An empty database of its own: no schema, no migrations recorded. */
async function emptyDatabase(): Promise<Database> {
  const { database, drop } = await createUnmigratedTestDatabase()
  closers.push(drop)
  return database
}

/** What the files in db/functions define, alone: each applied to an empty database in order. */
async function definedByTheFiles(): Promise<Database> {
  const database = await emptyDatabase()
  for (const [, sql] of await sqlFilesIn(functionsDirectory)) await database.exec(sql)
  return database
}

/** A database as the previous release's server left it, recording migrations as it did. */
async function migratedByThePreviousRelease(): Promise<Database> {
  const database = await emptyDatabase()
  await database.exec(
    `CREATE TABLE schema_migrations (
       version text PRIMARY KEY,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`,
  )
  const migrations = (await sqlFilesIn(migrationsDirectory)).filter(
    ([name]) => name.slice(0, 3) <= previousReleaseLastMigration,
  )
  for (const [name, sql] of migrations) {
    await database.transaction(async (tx) => {
      await tx.exec(sql)
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [name])
    })
  }
  await database.exec(await readFile(previousReleaseFunctions, 'utf8'))
  return database
}

/** Every function and procedure of the schema (extensions' aside), signature to definition. */
async function functionsOf(database: Database): Promise<Record<string, string>> {
  const rows = await database.query<{ signature: string; definition: string }>(
    `SELECT p.oid::regprocedure::text AS signature, pg_get_functiondef(p.oid) AS definition
       FROM pg_proc p
      WHERE p.pronamespace = 'public'::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_depend d
                         WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid
                           AND d.deptype = 'e')`,
  )
  return Object.fromEntries(rows.map((row) => [row.signature, row.definition]))
}

async function triggersOf(database: Database): Promise<Record<string, string>> {
  const rows = await database.query<{ name: string; definition: string }>(
    `SELECT tgname AS name, pg_get_triggerdef(oid) AS definition
       FROM pg_trigger WHERE NOT tgisinternal`,
  )
  return Object.fromEntries(rows.map((row) => [row.name, row.definition]))
}

/** Each function's catalog row version: the transaction that last wrote it. */
async function versionsOf(database: Database): Promise<Record<string, string>> {
  const rows = await database.query<{ signature: string; written_by: string }>(
    `SELECT oid::regprocedure::text AS signature, xmin::text AS written_by
       FROM pg_proc WHERE pronamespace = 'public'::regnamespace`,
  )
  return Object.fromEntries(rows.map((row) => [row.signature, row.written_by]))
}

const exists = async (database: Database, name: string) =>
  (
    await database.query<{ found: boolean }>('SELECT to_regproc($1) IS NOT NULL AS found', [name])
  )[0].found

describe(`stored functions, one file each in db/functions (${testDriver})`, () => {
  let reference: Record<string, string>
  let fresh: Database
  let upgraded: Database
  let previousFunctions: Record<string, string>
  let upgradedApplied: string[]

  beforeAll(async () => {
    reference = await functionsOf(await definedByTheFiles())
    fresh = await emptyDatabase()
    await migrate(fresh)
    upgraded = await migratedByThePreviousRelease()
    expect(await exists(upgraded, 'submit_code')).toBe(true)
    previousFunctions = await functionsOf(upgraded)
    upgradedApplied = await migrate(upgraded)
  })

  it('a fresh database holds every function exactly as the file named for it defines it, and no other', async () => {
    const named = (await sqlFilesIn(functionsDirectory)).map(([file]) =>
      file.replace(/^\d+_(.*)\.sql$/, '$1'),
    )
    expect(Object.keys(reference).map((signature) => signature.split('(')[0])).toEqual(
      expect.arrayContaining(named),
    )
    expect(Object.keys(reference)).toHaveLength(named.length)
    expect(await functionsOf(fresh)).toEqual(reference)
  })

  it('a database the previous release migrated ends the same: its functions as the files define them, its triggers as a fresh one’s', async () => {
    expect(upgradedApplied.length).toBeGreaterThan(0)
    expect(upgradedApplied.every((name) => name.slice(0, 3) > previousReleaseLastMigration)).toBe(
      true,
    )
    for (const [signature, definition] of Object.entries(previousFunctions)) {
      expect(definition, signature).not.toBe(reference[signature])
    }
    expect(await functionsOf(upgraded)).toEqual(reference)
    expect(await triggersOf(upgraded)).toEqual(await triggersOf(fresh))
  })

  it('submit_code, kept one release for servers of the one before, is gone from both', async () => {
    expect(await exists(fresh, 'submit_code')).toBe(false)
    expect(await exists(upgraded, 'submit_code')).toBe(false)
  })

  it('submissions take the turns the previous release took: the same lock keys for a user and a wallet', async () => {
    const [keys] = await fresh.query<Record<string, boolean>>(
      `SELECT submission_turn_key('user', $1) = hashtextextended('codes:user:' || $1::uuid, 0) AS user,
              submission_turn_key('wallet', $2) = hashtextextended('codes:wallet:' || $2, 0) AS wallet`,
      ['6f1c1a52-6a0e-4d55-9f5b-8a4f4bd1c0de', 'forestwalker'],
    )
    expect(keys).toEqual({ user: true, wallet: true })
  })

  it('starting again applies no migration, keeps serving callers, and puts back a function changed by hand', async () => {
    const countHit = () =>
      fresh.query<{ hits: number }>(
        'SELECT hits FROM count_hits($1::text[], $2::float8[])',
        [['stored-functions-test'], [60]],
        { preparedAs: 'stored_functions_test_count' },
      )
    expect(await countHit()).toEqual([{ hits: 1 }])

    expect(await migrate(fresh)).toEqual([])
    expect(await migrate(fresh)).toEqual([])
    expect(await functionsOf(fresh)).toEqual(reference)
    expect(await countHit()).toEqual([{ hits: 2 }])

    await fresh.exec(
      `CREATE OR REPLACE FUNCTION submission_turn_key(kind text, holder text)
       RETURNS bigint LANGUAGE sql IMMUTABLE AS $$ SELECT 0::bigint $$`,
    )
    expect(await functionsOf(fresh)).not.toEqual(reference)
    await migrate(fresh)
    expect(await functionsOf(fresh)).toEqual(reference)
  })

  it('a start finding the files as last applied, and no function changed since, runs none of them again', async () => {
    await migrate(fresh)
    const before = await versionsOf(fresh)
    expect(await migrate(fresh)).toEqual([])
    expect(await versionsOf(fresh)).toEqual(before)
  })

  it('a start finding function files other than those last applied applies them all, in one go', async () => {
    await migrate(fresh)
    const before = await versionsOf(fresh)
    await fresh.exec(`UPDATE stored_functions_applied SET files_sha256 = 'an earlier release'`)
    expect(await migrate(fresh)).toEqual([])
    const after = await versionsOf(fresh)
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort())
    for (const signature of Object.keys(reference))
      expect(after[signature]).not.toBe(before[signature])
    expect(new Set(Object.keys(reference).map((signature) => after[signature])).size).toBe(1)
    expect(await functionsOf(fresh)).toEqual(reference)
    const again = await versionsOf(fresh)
    await migrate(fresh)
    expect(await versionsOf(fresh)).toEqual(again)
  })
})
