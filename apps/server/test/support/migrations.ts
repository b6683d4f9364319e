import { migrationsDirectory } from '../../src/db/migrate.ts'
import { sqlFilesIn } from '../../src/db/sql-files.ts'
import type { TestDatabase } from './test-database.ts'

/** Applies the migrations before `version`, as migrate() does, to write rows as they were. */
export async function migrateUpTo({ database }: TestDatabase, version: string): Promise<void> {
  await database.exec(
    'CREATE TABLE schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  )
  for (const [file, sql] of await sqlFilesIn(migrationsDirectory)) {
    if (file >= version) break
    await database.transaction(async (tx) => {
      await tx.exec(sql)
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file])
    })
  }
}
