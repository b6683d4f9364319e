import { inspect } from 'node:util'
import { accountOriginSourceOf } from '../chain/account-origins.ts'
import { type OpenedChain, openChain } from '../chain/open-chain.ts'
import {
  ConfigurationError,
  type Environment,
  readProcessEnvironment,
  withoutSecrets,
} from '../config/environment.ts'
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock.ts'
import { openDatabase } from '../db/open-database.ts'
import { madePrivateNotice, makeDirectoryPrivate, PRIVATE_UMASK } from '../db/private-directory.ts'
import { configuredOrigin } from '../http/own-origin.ts'
import { PayoutChainNode } from '../payouts/chain-node.ts'
import { HyperionTransferHistory } from '../payouts/transfer-history.ts'
import { DiscrepanciesFound, UsageError } from './cli-errors.ts'
import { commandOf, runAdminCommand, USAGE } from './commands.ts'

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
  process.umask(PRIVATE_UMASK)
  const env = readProcessEnvironment()
  const release = env.DATABASE_URL ? undefined : await takeDataDir(env.DATA_DIR)
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
  let chain: (OpenedChain & { release?: () => Promise<void> }) | undefined
  try {
    await runAdminCommand(argv, {
      database,
      env,
      chainNode: async () => {
        chain ??= await openCliChain(env)
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
        chain ??= await openCliChain(env)
        const { apiUrl, fetch: chainFetch } = chain.connection
        return new HyperionTransferHistory(apiUrl, chainFetch, env.CHAIN_TIMEOUT_MS)
      },
      accountOrigins: () =>
        accountOriginSourceOf(env, async () => {
          chain ??= await openCliChain(env)
          return chain.connection
        }),
      print: (line) => console.log(line),
    })
    return 0
  } finally {
    await chain?.close()
    await chain?.release?.()
    await database.close()
    await release?.()
  }
}

/**
 * The chain, for the commands that read it. The embedded devchain keeps its state in DATA_DIR
 * and allows one process at a time: beside a running server (PostgreSQL, so the CLI holds no
 * lock of its own) the CLI reads the server's devchain through its /devchain API rather than
 * open a second copy of it, whose state would overwrite the server's.
 */
async function openCliChain(
  env: Environment,
): Promise<OpenedChain & { release?: () => Promise<void> }> {
  if (env.CHAIN !== 'devchain' || env.DEVCHAIN_URL || !env.DATABASE_URL) return openChain(env)
  let release: (() => Promise<void>) | undefined
  try {
    release = await takeDataDir(env.DATA_DIR)
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error
    return openChain({ ...env, DEVCHAIN_URL: `${configuredOrigin(env)}/devchain` })
  }
  try {
    return { ...(await openChain(env)), release }
  } catch (error) {
    await release()
    throw error
  }
}

/**
 * DATA_DIR for this process alone (`lockDataDir`), made private if an earlier version left it
 * open.
 */
async function takeDataDir(dataDir: string): Promise<() => Promise<void>> {
  const release = await lockDataDir(dataDir)
  const tightened = await makeDirectoryPrivate(dataDir)
  if (tightened > 0) console.error(madePrivateNotice(dataDir, tightened))
  return release
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
    // Whatever failed may quote the settings it was given, DATABASE_URL's password among them.
    console.error(known ? error.message : withoutSecrets(inspect(error)))
    process.exit(1)
  },
)
