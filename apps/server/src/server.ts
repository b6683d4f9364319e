import path from 'node:path'
import { createDevchain, devchainSeed } from '@fernwood/devchain'
import type { PublicConfig } from '@fernwood/protocol'
import type { FastifyPluginAsync, FastifyServerOptions } from 'fastify'
import { type App, buildApp } from './app.ts'
import { type ChainSettings, publicChainSettings } from './chain/chain-settings.ts'
import type { Environment } from './config/environment.ts'
import { lockDataDir } from './db/data-dir-lock.ts'
import type { Database } from './db/database.ts'
import { openDatabase } from './db/open-database.ts'

export interface RunningServer {
  app: App
  database: Database
  chain: ChainSettings
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
  try {
    const releaseDataDir = await lockDataDir(env.DATA_DIR, (error) => {
      // Another process may now be writing our files; stopping is the only safe answer.
      console.error(`Lost the DATA_DIR lock (${error.message}); stopping.`)
      process.exit(1)
    })
    cleanups.push(releaseDataDir)

    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
    cleanups.push(() => database.close())

    const embedded = env.CHAIN === 'devchain' && !env.DEVCHAIN_URL
    const devchain = embedded
      ? await createDevchain({ dataDir: path.join(env.DATA_DIR, 'devchain') })
      : undefined
    if (devchain) cleanups.push(() => devchain.close())

    const chainAt = (apiUrl: string): ChainSettings =>
      env.CHAIN === 'devchain'
        ? {
            name: 'devchain',
            id: devchain?.chainId ?? devchainSeed.chainId,
            apiUrl,
            publicApiUrl: embedded ? '/devchain' : apiUrl,
            explorerTransactionUrl: `${embedded ? '/devchain' : apiUrl}/tx/{id}`,
          }
        : publicChainSettings(env.CHAIN, env.CHAIN_API_URL)

    const app = await buildApp({
      env,
      database,
      publicConfig: publicConfigFor(env, chainAt(env.DEVCHAIN_URL ?? '/devchain')),
      devchainPlugin: devchain?.plugin as FastifyPluginAsync | undefined,
      logger: options.logger,
    })
    cleanups.push(() => app.close())
    await app.listen({ port: env.PORT, host: env.HOST })

    const url = listeningUrl(app)
    // The embedded chain is reached over our own HTTP port, like any node.
    const chain = chainAt(embedded ? `${url}/devchain` : (env.DEVCHAIN_URL ?? ''))
    return { app, database, chain, url, close: closeAll }
  } catch (error) {
    await closeAll()
    throw error
  }
}

function publicConfigFor(env: Environment, chain: ChainSettings): PublicConfig {
  return {
    productName: env.PRODUCT_NAME,
    appName: env.APP_NAME,
    token: env.TOKEN_SYMBOL,
    welcomeCode: welcomeCodeFor(env.PRODUCT_NAME),
    welcomeBonus: env.WELCOME_BONUS,
    stakingUrl: env.STAKING_URL,
    chain: {
      name: chain.name,
      id: chain.id,
      apiUrl: chain.publicApiUrl,
      explorerTransactionUrl: chain.explorerTransactionUrl,
    },
    ...(chain.name === 'devchain' && {
      devWallet: { privateKey: devchainSeed.devWalletPrivateKey },
    }),
  }
}

/** The spec's welcome code: the product's name in lowercase followed by 'welcome'. */
export function welcomeCodeFor(productName: string): string {
  return `${productName.toLowerCase().replace(/[^a-z0-9]/g, '')}welcome`
}

function listeningUrl(app: App): string {
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('the server is not listening on TCP')
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  const reachableHost = host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host
  return `http://${reachableHost}:${address.port}`
}
