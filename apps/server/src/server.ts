import type { FastifyServerOptions } from 'fastify'
import { startAlerts } from './alerts/start-alerts.ts'
import { type App, buildApp } from './app.ts'
import { seedCatalogueFor } from './campaigns/welcome.ts'
import type { ChainConnection } from './chain/chain-connection.ts'
import { openChain } from './chain/open-chain.ts'
import { checkDeployment } from './config/deployment.ts'
import type { Environment } from './config/environment.ts'
import { lockDataDir } from './db/data-dir-lock.ts'
import type { Database } from './db/database.ts'
import { openDatabase } from './db/open-database.ts'
import { madePrivateNotice, makeDirectoryPrivate } from './db/private-directory.ts'
import { PayoutChainNode } from './payouts/chain-node.ts'
import { createRewardWorker } from './worker/create-worker.ts'

export interface RunningServer {
  app: App
  database: Database
  chain: ChainConnection
  /** where this server answers, e.g. http://127.0.0.1:3000 */
  url: string
  /** Stops accepting, lets in-flight requests finish, then closes the chain and the database. */
  close(): Promise<void>
}

/** Everything `npm start` runs: data-directory lock, database, chain, HTTP. */
export async function startServer(
  env: Environment,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<RunningServer> {
  const cleanups: Array<() => Promise<void>> = []
  const closeAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  }
  const warnings = checkDeployment(env)
  try {
    const releaseDataDir = await lockDataDir(env.DATA_DIR)
    cleanups.push(releaseDataDir)
    const tightened = await makeDirectoryPrivate(env.DATA_DIR)
    if (tightened > 0) warnings.push(madePrivateNotice(env.DATA_DIR, tightened))

    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
    cleanups.push(() => database.close())
    await seedCatalogueFor(env, database)

    const chain = await openChain(env)
    cleanups.push(chain.close)

    const app = await buildApp({
      env,
      database,
      chain: chain.connection,
      devchainApi: chain.devchainApi,
      embeddedServices: chain.embeddedServices,
      readinessChecks: [
        {
          name: 'chain',
          check: async () =>
            void (await new PayoutChainNode(chain.connection, env.CHAIN_TIMEOUT_MS).getInfo()),
        },
      ],
      logger: options.logger,
    })
    for (const warning of warnings) app.log.warn(warning)
    // Stopped after the HTTP server and before the chain and database: payouts in flight finish.
    const worker = env.WORKER_ENABLED
      ? createRewardWorker(env, {
          database,
          chain: chain.connection,
          logger: app.log.child({ module: 'worker' }),
        })
      : undefined
    if (worker) cleanups.push(() => worker.stop())
    cleanups.push(() => app.close())
    await app.listen({ port: env.PORT, host: env.HOST })
    await worker?.start()
    const alerts = worker
      ? await startAlerts(env, {
          database,
          chain: chain.connection,
          logger: app.log.child({ module: 'alerts' }),
          pause: worker.resourcePause,
        })
      : undefined
    if (alerts) cleanups.push(() => alerts.stop())

    return { app, database, chain: chain.connection, url: listeningUrl(app), close: closeAll }
  } catch (error) {
    await closeAll()
    throw error
  }
}

function listeningUrl(app: App): string {
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('the server is not listening on TCP')
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  const reachableHost = host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host
  return `http://${reachableHost}:${address.port}`
}
