import { openChain } from './chain/open-chain.ts'
import { ConfigurationError, readProcessEnvironment } from './config/environment.ts'
import { openDatabase } from './db/open-database.ts'
import { createLogger } from './logging/logger-options.ts'
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
  logger.info({ chain: chain.connection.settings.name }, 'reward worker started')

  const stop = async (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'reward worker stopping')
    await worker.stop()
    await chain.close()
    await database.close()
    process.exit(0)
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

main().catch((error) => {
  console.error(
    error instanceof ConfigurationError ? error.message : 'The worker could not start:',
    error instanceof ConfigurationError ? '' : error,
  )
  process.exit(1)
})
