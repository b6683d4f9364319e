import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { createThrowawayDatabase } from '@fernwood/testkit'
import type { TestProject } from 'vitest/node'
import { migrate } from '../../src/db/migrate.ts'
import { openPgliteDatabase } from '../../src/db/pglite-database.ts'
import { openPostgresDatabase } from '../../src/db/postgres-database.ts'
import { makeDirectoryPrivate } from '../../src/db/private-directory.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite clusters dumped as tar files: a new one, and the same with the schema migrated */
    pgliteDumps: { unmigrated: string; migrated: string }
    /** the migrated PGlite cluster's files, as a server keeps them under DATA_DIR */
    pgliteCluster: string
    /** a migrated database on TEST_DATABASE_URL's server for test databases to copy */
    postgresTemplate: string
  }
}

/**
 * Vitest's global setup for the server suite: makes, once per run, the databases test files and
 * the processes they start copy, instead of each initialising a cluster (seconds for PGlite) and
 * running every migration.
 */
export default async function makeDatabaseTemplates(project: TestProject) {
  if (project.config.env.TEST_DB_DRIVER === 'postgres') {
    const template = await createThrowawayDatabase('fernwood_template')
    const database = await openPostgresDatabase(template.url)
    await migrate(database)
    await database.close()
    project.provide('postgresTemplate', new URL(template.url).pathname.slice(1))
    return () => template.drop()
  }
  const directory = await mkdtemp(path.join(tmpdir(), 'fernwood-pglite-dumps-'))
  const cluster = path.join(directory, 'cluster')
  const dumps = {
    unmigrated: path.join(directory, 'unmigrated.tar'),
    migrated: path.join(directory, 'migrated.tar'),
  }
  // Made as a server's first start makes its cluster, then dumped from the files.
  await (await openPgliteDatabase(cluster)).close()
  await dumpCluster(cluster, dumps.unmigrated)
  const database = await openPgliteDatabase(cluster)
  await migrate(database)
  await database.close()
  await dumpCluster(cluster, dumps.migrated)
  // PGlite opened without the server's umask hook leaves files others may read.
  await makeDirectoryPrivate(cluster)
  project.provide('pgliteDumps', dumps)
  project.provide('pgliteCluster', cluster)
  return () => rm(directory, { recursive: true, force: true })
}

async function dumpCluster(cluster: string, file: string): Promise<void> {
  const pglite = await PGlite.create(cluster)
  try {
    await writeFile(file, (await pglite.dumpDataDir('none')).stream())
  } finally {
    await pglite.close()
  }
}
