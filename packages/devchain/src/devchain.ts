import Fastify, { type FastifyPluginAsync } from 'fastify'
import { ChainState } from './chain-state'
import { loadSnapshot, saveSnapshot } from './persistence'
import { registerActionHistoryRoutes } from './routes/action-history'
import { registerChainReadRoutes } from './routes/chain-read'
import { registerChainWriteRoutes } from './routes/chain-write'
import { registerHistoryRoutes } from './routes/history'
import { speakNodeApi } from './routes/node-api'
import { registerTransactionPage } from './routes/transaction-page'
import { registerTransactionStatusRoute } from './routes/transaction-status'
import { type DevchainApiOptions, guardWrites } from './routes/write-origin'
import { assertSeedKeysMatch, DEVCHAIN_CHAIN_ID, devchainSeed } from './seed'

export interface DevchainOptions {
  /** Directory for the chain's state file; without it the chain lives in memory only. */
  dataDir?: string
  /** Time between blocks; 500 ms like Antelope by default. */
  blockIntervalMs?: number
  /**
   * Blocks the last irreversible block trails the head (default 3): how long a payout stays
   * reversible. A few keep the demo quick; WAX's own lag depends on its consensus.
   */
  irreversibleLag?: number
  /** Fastify's logger option for the standalone server. */
  logger?: boolean | object
}

export interface Devchain {
  chainId: string
  /**
   * Fastify plugin serving the node API; the Fernwood server mounts it under the prefix
   * `/devchain`, so the chain URL there is `${origin}/devchain`.
   */
  plugin: FastifyPluginAsync<DevchainApiOptions>
  /**
   * Test hook: loses a transaction that is not yet irreversible, as a fork would (its transfers
   * undone, in no block, its id free to be sent again). Throws for an irreversible one.
   */
  dropTransaction(id: string): void
  /** Stops the block timer and flushes the state. */
  close(): Promise<void>
}

const DEFAULT_BLOCK_INTERVAL_MS = 500
const DEFAULT_IRREVERSIBLE_LAG = 3

export async function createDevchain(options: DevchainOptions = {}): Promise<Devchain> {
  const {
    dataDir,
    blockIntervalMs = DEFAULT_BLOCK_INTERVAL_MS,
    irreversibleLag = DEFAULT_IRREVERSIBLE_LAG,
  } = options
  assertSeedKeysMatch(devchainSeed)
  const snapshot = dataDir ? await loadSnapshot(dataDir) : undefined
  if (snapshot && snapshot.chainId !== DEVCHAIN_CHAIN_ID) {
    throw new Error(`${dataDir} holds the state of another chain (${snapshot.chainId})`)
  }
  const state = snapshot
    ? ChainState.fromSnapshot(snapshot, Date.now(), irreversibleLag)
    : ChainState.fromSeed(devchainSeed, DEVCHAIN_CHAIN_ID, Date.now(), irreversibleLag)

  let saving: Promise<void> = Promise.resolve()
  const persist = () => {
    if (!dataDir) return saving
    state.dirty = false
    const snapshotNow = state.toSnapshot()
    // A failed save was reported to whoever awaited it; the next one still runs.
    saving = saving.catch(() => undefined).then(() => saveSnapshot(dataDir, snapshotNow))
    return saving
  }
  if (dataDir && !snapshot) await persist()

  const timer = setInterval(() => {
    state.produceBlock(Date.now())
    if (!state.dirty) return
    persist().catch((error) => {
      state.dirty = true
      console.error('devchain: saving the state failed, retrying at the next block', error)
    })
  }, blockIntervalMs)
  timer.unref()

  const plugin: FastifyPluginAsync<DevchainApiOptions> = async (app, options) => {
    speakNodeApi(app)
    guardWrites(app, options.acceptsWritesFrom)
    registerChainReadRoutes(app, state)
    registerTransactionStatusRoute(app, state)
    registerChainWriteRoutes(app, state)
    registerHistoryRoutes(app, state)
    await registerActionHistoryRoutes(app, state)
    registerTransactionPage(app, state)
  }

  let closed = false
  return {
    chainId: DEVCHAIN_CHAIN_ID,
    plugin,
    dropTransaction: (id) => state.dropTransaction(id),
    async close() {
      if (closed) return saving
      closed = true
      clearInterval(timer)
      await persist()
    },
  }
}

export async function startDevchain(
  options: DevchainOptions & {
    port?: number
    host?: string
    /** sites whose pages may push transactions here (a Fernwood server using this devchain) */
    writeOrigins?: string[]
  } = {},
): Promise<Devchain & { url: string }> {
  const devchain = await createDevchain(options)
  const app = Fastify({ logger: options.logger ?? false })
  const writeOrigins = new Set(options.writeOrigins)
  await app.register(devchain.plugin, { acceptsWritesFrom: (origin) => writeOrigins.has(origin) })
  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' })
  return {
    ...devchain,
    url: address,
    async close() {
      await app.close()
      await devchain.close()
    },
  }
}
