import path from 'node:path'
import {
  createDevchain,
  DEVCHAIN_CHAIN_ID,
  type Devchain,
  type DevchainApiOptions,
} from '@fernwood/devchain'
import type { FastifyPluginAsync } from 'fastify'
import type { Environment } from '../config/environment.ts'
import { devchainServices, type EmbeddedService } from '../dev-services/embedded-services.ts'
import { type ChainConnection, inProcessChain, remoteChain } from './chain-connection.ts'
import { publicChainSettings } from './chain-settings.ts'

export interface OpenedChain {
  connection: ChainConnection
  /** the devchain's relay and Dev Anchor page, served beside its node API */
  embeddedServices?: EmbeddedService[]
  /** the embedded devchain's node API, for the server to serve to browsers under /devchain */
  devchainApi?: FastifyPluginAsync<DevchainApiOptions>
  close(): Promise<void>
}

/**
 * The configured chain: WAX (or its testnet) through an API node, a devchain running elsewhere,
 * or by default a devchain embedded in this process with its state under DATA_DIR.
 */
export async function openChain(env: Environment): Promise<OpenedChain> {
  if (env.CHAIN !== 'devchain') {
    const connection = remoteChain(publicChainSettings(env.CHAIN, env.CHAIN_API_URL))
    return { connection, close: connection.close }
  }
  if (env.DEVCHAIN_URL) {
    const connection = remoteChain({
      name: 'devchain',
      id: DEVCHAIN_CHAIN_ID,
      apiUrl: env.DEVCHAIN_URL,
      publicApiUrl: env.DEVCHAIN_URL,
      explorerTransactionUrl: `${env.DEVCHAIN_URL}/tx/{id}`,
    })
    return { connection, embeddedServices: servicesOf(connection, env), close: connection.close }
  }
  const embedded = await embedDevchain(
    await createDevchain({
      dataDir: path.join(env.DATA_DIR, 'devchain'),
      irreversibleLag: env.DEVCHAIN_IRREVERSIBLE_LAG,
    }),
  )
  return { ...embedded, embeddedServices: servicesOf(embedded.connection, env) }
}

function servicesOf(connection: ChainConnection, env: Environment): EmbeddedService[] {
  return devchainServices({
    client: connection.client,
    relayUrl: env.RELAY_URL,
    publicOrigin: env.PUBLIC_ORIGIN,
  })
}

/** A devchain in this process: browsers reach it under /devchain on our origin, we in-process. */
export async function embedDevchain(devchain: Devchain): Promise<OpenedChain> {
  const connection = await inProcessChain(
    {
      name: 'devchain',
      id: devchain.chainId,
      apiUrl: '/devchain',
      publicApiUrl: '/devchain',
      explorerTransactionUrl: '/devchain/tx/{id}',
    },
    devchain.plugin,
  )
  return {
    connection,
    devchainApi: devchain.plugin,
    async close() {
      await connection.close()
      await devchain.close()
    },
  }
}
