import { openChain } from '../chain/open-chain.ts'
import { ConfigurationError, readProcessEnvironment } from '../config/environment.ts'
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock.ts'
import { openDatabase } from '../db/open-database.ts'
import { PayoutChainNode } from '../payouts/chain-node.ts'
import { HyperionTransferHistory } from '../payouts/transfer-history.ts'
import { commandOf, DiscrepanciesFound, runAdminCommand, USAGE, UsageError } from './commands.ts'

/**
 * `npm run admin -- …`: the operator's commands, against the same database and chain as the
 * server. With PGlite the server must be stopped first (one process owns DATA_DIR); with
 * PostgreSQL it runs beside the servers.
 */
async function main(argv: string[]) {
  if (argv.length === 0 || argv.includes('--help')) {
    console.log(USAGE)
    return 0
  }
  commandOf(argv)
  const env = readProcessEnvironment()
  const release = env.DATABASE_URL ? undefined : await lockDataDir(env.DATA_DIR)
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
  let chain: Awaited<ReturnType<typeof openChain>> | undefined
  try {
    await runAdminCommand(argv, {
      database,
      env,
      chainNode: async () => {
        chain ??= await openChain(env)
        return new PayoutChainNode(chain.connection, env.CHAIN_TIMEOUT_MS)
      },
      transferHistory: async () => {
        if (env.HISTORY_API_URL) {
          return new HyperionTransferHistory(env.HISTORY_API_URL, fetch, env.CHAIN_TIMEOUT_MS)
        }
        if (env.CHAIN !== 'devchain') {
          throw new ConfigurationError(
            'HISTORY_API_URL',
            `reconcile needs a Hyperion endpoint with CHAIN=${env.CHAIN}`,
            '',
          )
        }
        // The devchain keeps its own history and answers Hyperion's API.
        chain ??= await openChain(env)
        const { apiUrl, fetch: chainFetch } = chain.connection
        return new HyperionTransferHistory(apiUrl, chainFetch, env.CHAIN_TIMEOUT_MS)
      },
      print: (line) => console.log(line),
    })
    return 0
  } finally {
    await chain?.close()
    await database.close()
    await release?.()
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`)
      process.exit(2)
    }
    // Each discrepancy is already printed, with the summary.
    if (error instanceof DiscrepanciesFound) process.exit(1)
    const known = error instanceof ConfigurationError || error instanceof DataDirInUseError
    console.error(known ? error.message : error)
    process.exit(1)
  },
)
