import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  createThrowawayDatabase,
  freePort,
  type ServerProcess,
  spawnServer,
  untilHealthy,
} from '@fernwood/testkit'
import { afterEach, inject } from 'vitest'
import { copyMigratedCluster, testDriver } from './test-database.ts'

/**
 * What the tests of real server processes start: storage, servers and whatever else they clean
 * up, all ended and removed after each test, the last made first.
 */
export function useTestProcesses() {
  const cleanups: Array<() => Promise<unknown>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  /** Runs `cleanup` after the test. */
  const onCleanup = (cleanup: () => Promise<unknown>) => {
    cleanups.push(cleanup)
  }

  /**
   * A DATA_DIR and, on the postgres driver, a database of its own: the settings naming them. The
   * database is a copy of the run's migrated one (on PGlite, a cluster in DATA_DIR; on PostgreSQL,
   * of its template), so that the process skips every migration, unless `firstStart` asks for none
   * yet, for the server to make. On PGlite DATABASE_URL is set empty, so that none from a `.env`
   * applies.
   */
  const storage = async ({ firstStart = false } = {}): Promise<Record<string, string>> => {
    const parent = await mkdtemp(path.join(tmpdir(), 'fernwood-process-'))
    onCleanup(() => rm(parent, { recursive: true, force: true }))
    const dataDir = path.join(parent, 'data')
    if (testDriver === 'pglite') {
      if (!firstStart) await copyMigratedCluster(dataDir)
      return { DATA_DIR: dataDir, DATABASE_URL: '' }
    }
    const database = await createThrowawayDatabase('fernwood_test', {
      template: firstStart ? undefined : inject('postgresTemplate'),
    })
    onCleanup(database.drop)
    return { DATA_DIR: dataDir, DATABASE_URL: database.url }
  }

  /**
   * The server as its own process with `env` (on a free port unless it names one), logging at
   * info, killed after the test if it still runs. Does not wait for it: `untilHealthy` does.
   */
  const spawn = async (env: Record<string, string>): Promise<ServerProcess> => {
    const server = spawnServer({ LOG_LEVEL: 'info', PORT: String(await freePort()), ...env })
    onCleanup(() => server.stop('SIGKILL'))
    return server
  }

  /** `spawn`, then waits until it answers. */
  const start = async (env: Record<string, string>): Promise<ServerProcess> => {
    const server = await spawn(env)
    await untilHealthy(server)
    return server
  }

  return { onCleanup, storage, spawn, start }
}
