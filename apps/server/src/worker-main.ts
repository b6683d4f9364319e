import { inspect } from 'node:util'
import { startAlerts } from './alerts/start-alerts.ts'
import { openChain } from './chain/open-chain.ts'
import { ConfigurationError, readProcessEnvironment, withoutSecrets } from './config/environment.ts'
import { openDatabase } from './db/open-database.ts'
import { createLogger } from './logging/logger-options.ts'
import { serveWorkerMetrics } from './metrics/worker-listener.ts'
import { createRewardWorker } from './worker/create-worker.ts'

/**
 * `npm run worker`: a reward worker as a process of its own, to scale payouts out beside the
 * servers. It shares their PostgreSQL (DATABASE_URL) and reaches the chain as they do; on the
 * devchain that is DEVCHAIN_URL (a server's embedded chain is at `<server>/devchain`).
 */
async function main() {
  const env = readProcessEnvironment()
  const logger = createLogger(env.LOG_LEVEL)
  if (!env.DATABASE_URL) {
    throw new ConfigurationError('DATABASE_URL', 'a separate worker needs PostgreSQL', '')
  }
  if (env.CHAIN === 'devchain' && !env.DEVCHAIN_URL) {
    throw new ConfigurationError(
      'DEVCHAIN_URL',
      'a separate worker must reach a running devchain',
      '',
    )
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
  const chain = await openChain(env)
  const worker = createRewardWorker(env, {
    database,
    chain: chain.connection,
    logger: logger.child({ module: 'worker' }),
  })
  await worker.start()
  const alerts = await startAlerts(env, {
    database,
    chain: chain.connection,
    logger: logger.child({ module: 'alerts' }),
    pause: worker.resourcePause,
  })
  const metrics =
    env.METRICS_TOKEN && env.WORKER_METRICS_PORT !== undefined
      ? await serveWorkerMetrics({
          token: env.METRICS_TOKEN,
          database,
          host: env.HOST,
          port: env.WORKER_METRICS_PORT,
        })
      : undefined
  logger.info(
    { chain: chain.connection.settings.name, metrics: metrics?.url },
    'reward worker started',
  )

  const stop = async (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'reward worker stopping')
    await metrics?.close()
    await alerts.stop()
    await worker.stop()
    await chain.close()
    await database.close()
    process.exit(0)
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

main().catch((error) => {
  // Whatever failed may quote the settings it was given, DATABASE_URL's password among them.
  console.error(
    error instanceof ConfigurationError
      ? error.message
      : withoutSecrets(`The worker could not start: ${inspect(error)}`),
  )
  process.exit(1)
})
