import Fastify, { type FastifyPluginAsync } from 'fastify'
import { ChainState } from './chain-state'
import { nodeErrors } from './errors'
import { chainFromSeed } from './genesis'
import { loadSnapshot, saveSnapshot } from './persistence'
import { type ResourceChange, renderMeter, slotOf } from './resources'
import { registerActionHistoryRoutes } from './routes/action-history'
import { registerAssetPage } from './routes/asset-page'
import { registerChainReadRoutes } from './routes/chain-read'
import { registerChainWriteRoutes } from './routes/chain-write'
import { registerContractReadRoutes } from './routes/contract-read'
import { registerHistoryRoutes } from './routes/history'
import { registerNftImageRoutes } from './routes/nft-images'
import { speakNodeApi } from './routes/node-api'
import { registerRequiredKeysRoute } from './routes/required-keys'
import { registerResourceControl } from './routes/resource-control'
import { registerTransactionPage } from './routes/transaction-page'
import { registerTransactionStatusRoute } from './routes/transaction-status'
import { type DevchainApiOptions, guardWrites } from './routes/write-origin'
import { DEVCHAIN_CHAIN_ID, devchainSeed } from './seed'

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
  /**
   * The resources control, for tests and operators (never on the public node API): sets an
   * account's RAM quota and its CPU (µs) and NET (bytes) budgets per 24-hour window (`max`, -1
   * for unlimited) and what it has used of them now (`used`: 0 refills, `max` drains). Answers
   * the account's resources as get_account shows them. Throws for an unknown account.
   */
  setAccountResources(account: string, change: ResourceChange): AccountResourcesView
  /** Stops the block timer and flushes the state. */
  close(): Promise<void>
}

/** An account's resources as get_account renders them. */
export interface AccountResourcesView {
  ram_quota: number
  ram_usage: number
  cpu_limit: ReturnType<typeof renderMeter>
  net_limit: ReturnType<typeof renderMeter>
}

const DEFAULT_BLOCK_INTERVAL_MS = 500
const DEFAULT_IRREVERSIBLE_LAG = 3

export async function createDevchain(options: DevchainOptions = {}): Promise<Devchain> {
  const {
    dataDir,
    blockIntervalMs = DEFAULT_BLOCK_INTERVAL_MS,
    irreversibleLag = DEFAULT_IRREVERSIBLE_LAG,
  } = options
  const snapshot = dataDir ? await loadSnapshot(dataDir) : undefined
  if (snapshot && snapshot.chainId !== DEVCHAIN_CHAIN_ID) {
    throw new Error(`${dataDir} holds the state of another chain (${snapshot.chainId})`)
  }
  const state = snapshot
    ? await ChainState.fromSnapshot(
        snapshot,
        Date.now(),
        irreversibleLag,
        devchainSeed.resources.newAccount,
      )
    : await chainFromSeed(devchainSeed, DEVCHAIN_CHAIN_ID, Date.now(), irreversibleLag)

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

  const setAccountResources = (account: string, change: ResourceChange) => {
    if (!state.accounts.has(account)) throw nodeErrors.unknownAccount(account)
    const slot = slotOf(state.blocks.pendingBlockTimeMs)
    const resources = state.resources.change(account, change, slot)
    state.dirty = true
    return {
      ram_quota: resources.ramQuota,
      ram_usage: resources.ramUsage,
      cpu_limit: renderMeter(resources.cpu, slot),
      net_limit: renderMeter(resources.net, slot),
    }
  }

  const plugin: FastifyPluginAsync<DevchainApiOptions> = async (app, options) => {
    speakNodeApi(app)
    guardWrites(app, options.acceptsWritesFrom)
    registerChainReadRoutes(app, state)
    registerContractReadRoutes(app, state)
    registerRequiredKeysRoute(app, state)
    registerTransactionStatusRoute(app, state)
    registerChainWriteRoutes(app, state)
    registerHistoryRoutes(app, state)
    await registerActionHistoryRoutes(app, state)
    registerTransactionPage(app, state)
    registerAssetPage(app, state)
    registerNftImageRoutes(app)
    if (options.serveResourceControl) registerResourceControl(app, setAccountResources)
  }

  let closed = false
  return {
    chainId: DEVCHAIN_CHAIN_ID,
    plugin,
    dropTransaction: (id) => state.dropTransaction(id),
    setAccountResources,
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
  await app.register(devchain.plugin, {
    acceptsWritesFrom: (origin) => writeOrigins.has(origin),
    serveResourceControl: true,
  })
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
