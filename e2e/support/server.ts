import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  copyPgliteCluster,
  freePort,
  repositoryRoot,
  type ServerProcess,
  startServer,
} from '@fernwood/testkit'

// WEB_DIST, as the server reads it: a build of one's own beside the repository's.
const webBuild = join(process.env.WEB_DIST ?? join(repositoryRoot, 'apps/web/dist'), 'index.html')
const startTimeoutMs = 60_000
const stopTimeoutMs = 10_000
const keptLogChars = 200_000

/**
 * Names the migrated PGlite cluster the global setup made for the run: a new server copies it
 * into its DATA_DIR rather than initialising and migrating its own.
 */
export const migratedClusterVariable = 'FERNWOOD_E2E_MIGRATED_CLUSTER'

/** How long starting and then stopping a server may take, for fixtures that wrap both. */
export const serverLifetimeBudgetMs = startTimeoutMs + stopTimeoutMs

/** One real Fernwood server on the devchain, with a `DATA_DIR` of its own. */
export interface FernwoodServer {
  /** `http://127.0.0.1:<port>`. */
  url: string
  dataDir: string
  /** Everything the server printed so far (the tail, if it printed a lot). */
  log(): string
  /** Stops the server and starts it again on the same port and `DATA_DIR`. */
  restart(): Promise<void>
}

export interface StartedServer extends FernwoodServer {
  /** Stops the server and removes its `DATA_DIR`. */
  stop(): Promise<void>
}

/**
 * Starts the server's production build on a free port with a fresh `DATA_DIR` (its database migrated,
 * and empty until the server seeds it, when the run made a cluster to copy), serving the web build,
 * and resolves once it answers its health check. `extraEnv` adds to (or overrides) its settings.
 */
export async function startFernwoodServer(
  extraEnv: Record<string, string> = {},
): Promise<StartedServer> {
  if (!existsSync(webBuild)) {
    throw new Error(`${webBuild} is missing: run \`npm run build -w @fernwood/web\` first`)
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'fernwood-e2e-'))
  const migratedCluster = process.env[migratedClusterVariable]
  if (migratedCluster) copyPgliteCluster(migratedCluster, dataDir)
  const env = {
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    CHAIN: 'devchain',
    // The devchain's accounts are all minutes old: counted young, every claim of the suite would
    // cost four times a visitor's check. The human check's own spec turns age on again.
    HUMAN_CHECK_YOUNG_ACCOUNT_DAYS: '0',
    // Every browser of the suite claims from 127.0.0.1, to the check one network of ever more
    // accounts: a farm, whose claims would cost more with each spec. The spec keeps its weight.
    HUMAN_CHECK_ADDRESS_WEIGHT: '0',
    // A payout is looked at again half a second after it is sent, and each half second until its
    // block is irreversible, but the worker wakes for that only on its poll: at the default second,
    // every paid code of the suite waited out a second or two of sleep (as cluster.ts's do not).
    WORKER_POLL_INTERVAL_MS: '100',
    ...extraEnv,
  }
  // What the runs before a restart printed.
  let earlier = ''
  const start = () => startServer(env, { timeoutMs: startTimeoutMs, keptOutputChars: keptLogChars })
  const stop = async (server: ServerProcess) => {
    await server.stop('SIGTERM', { killAfterMs: stopTimeoutMs })
    earlier = (earlier + server.output()).slice(-keptLogChars)
  }

  let running: ServerProcess | undefined
  try {
    running = await start()
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true })
    throw error
  }
  return {
    url: running.url,
    dataDir,
    log: () => (earlier + (running?.output() ?? '')).slice(-keptLogChars),
    restart: async () => {
      if (running) await stop(running)
      running = undefined
      running = await start()
    },
    stop: async () => {
      if (running) await stop(running)
      running = undefined
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
