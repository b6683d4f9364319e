import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '@fernwood/server/open-database'
import { ensureServerBuild } from '@fernwood/testkit'
import { migratedClusterVariable } from './server'

/**
 * Playwright's global setup: the server's production build, which every server of the run runs,
 * and one migrated PGlite cluster, which each starts from instead of initialising and migrating its
 * own (most of a server's start).
 */
export default async function makeMigratedCluster() {
  ensureServerBuild()
  const directory = await mkdtemp(join(tmpdir(), 'fernwood-e2e-cluster-'))
  await (await openDatabase({ dataDir: directory })).close()
  process.env[migratedClusterVariable] = join(directory, 'pglite')
  return () => rm(directory, { recursive: true, force: true })
}
