import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { createThrowawayDatabase, repositoryRoot } from '@fernwood/testkit'
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
 * Where PGlite templates are kept between runs, one folder per fingerprint of what makes them.
 * Initialising a cluster took 5 to 12 seconds of every run's start, before any test could run.
 */
const templateCache = path.join(repositoryRoot, 'node_modules/.cache/fernwood-pglite-templates')
/** Templates of other fingerprints unused this long are removed; a run may still use younger. */
const STALE_TEMPLATE_MS = 24 * 3600_000

/**
 * Vitest's global setup for the server suite: makes the databases test files and the processes
 * they start copy, instead of each initialising a cluster (seconds for PGlite) and running every
 * migration. PostgreSQL's template is made once per run; PGlite's once per change to the database
 * code or to PGlite, and kept.
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
  const directory = path.join(templateCache, await pgliteTemplateFingerprint())
  if (existsSync(path.join(directory, 'complete'))) {
    const now = new Date()
    await utimes(directory, now, now)
  } else {
    await makePgliteTemplates(directory)
  }
  project.provide('pgliteDumps', {
    unmigrated: path.join(directory, 'unmigrated.tar'),
    migrated: path.join(directory, 'migrated.tar'),
  })
  project.provide('pgliteCluster', path.join(directory, 'cluster'))
}

/** What the templates are made of: the database code (schema, functions, opener) and PGlite. */
async function pgliteTemplateFingerprint(): Promise<string> {
  const hash = createHash('sha256')
  const databaseCode = path.resolve(import.meta.dirname, '../../src/db')
  const files = (await readdir(databaseCode, { recursive: true })).sort()
  for (const file of files) {
    const full = path.join(databaseCode, file)
    if (!(await stat(full)).isFile()) continue
    hash
      .update(`${file}\0`)
      .update(await readFile(full))
      .update('\0')
  }
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const { version } = JSON.parse(
    await readFile(path.join(pgliteEntry, '../../package.json'), 'utf8'),
  ) as { version: string }
  hash.update(`pglite ${version}\0`).update(await readFile(import.meta.filename))
  return hash.digest('hex').slice(0, 16)
}

/**
 * Makes the templates in a folder of its own and moves it to `directory` when complete: runs
 * starting together may each make them, and a run reads only a finished set.
 */
async function makePgliteTemplates(directory: string): Promise<void> {
  await mkdir(templateCache, { recursive: true })
  await removeStaleTemplates()
  const building = await mkdtemp(`${directory}.building-`)
  const cluster = path.join(building, 'cluster')
  // Made as a server's first start makes its cluster, then dumped from the files.
  await (await openPgliteDatabase(cluster)).close()
  await dumpCluster(cluster, path.join(building, 'unmigrated.tar'))
  const database = await openPgliteDatabase(cluster)
  await migrate(database)
  await database.close()
  await dumpCluster(cluster, path.join(building, 'migrated.tar'))
  // PGlite opened without the server's umask hook leaves files others may read.
  await makeDirectoryPrivate(cluster)
  await writeFile(path.join(building, 'complete'), '')
  try {
    await rename(building, directory)
  } catch {
    // Another run finished the same templates first: theirs are as good.
    await rm(building, { recursive: true, force: true })
  }
}

async function removeStaleTemplates(): Promise<void> {
  for (const entry of await readdir(templateCache)) {
    const folder = path.join(templateCache, entry)
    if (Date.now() - (await stat(folder)).mtimeMs > STALE_TEMPLATE_MS) {
      await rm(folder, { recursive: true, force: true })
    }
  }
}

async function dumpCluster(cluster: string, file: string): Promise<void> {
  const pglite = await PGlite.create(cluster)
  try {
    await writeFile(file, (await pglite.dumpDataDir('none')).stream())
  } finally {
    await pglite.close()
  }
}
