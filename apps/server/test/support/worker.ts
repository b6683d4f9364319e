import { PAYOUT_ACCOUNT, PAYOUT_PRIVATE_KEY } from '@fernwood/devchain'
import { APIClient } from '@wharfkit/antelope'
import { Session } from '@wharfkit/session'
import { WalletPluginPrivateKey } from '@wharfkit/wallet-plugin-privatekey'
import {
  addCodes,
  type Campaign,
  createCampaign,
  type NewCampaign,
} from '../../src/campaigns/catalogue.ts'
import type { ChainConnection } from '../../src/chain/chain-connection.ts'
import { readEnvironment } from '../../src/config/environment.ts'
import type { Database } from '../../src/db/database.ts'
import { PayoutChainNode } from '../../src/payouts/chain-node.ts'
import type { PayoutContext, PayoutHooks } from '../../src/payouts/pay-batch.ts'
import { payoutAccountFrom } from '../../src/payouts/settings.ts'
import { WharfkitPayoutSigner } from '../../src/payouts/signer.ts'
import { createRewardWorker } from '../../src/worker/create-worker.ts'
import type { WorkerLogger } from '../../src/worker/reward-worker.ts'
import { eventually } from './rewards.ts'

/** A logger that keeps what it is told, for tests to read. */
export function recordingLogger() {
  const entries: Array<{ level: string; message: string; details: object }> = []
  const at =
    (level: string) =>
    (details: object, message: string): void => {
      entries.push({ level, message, details })
    }
  const logger: WorkerLogger = { info: at('info'), warn: at('warn'), error: at('error') }
  return { logger, entries }
}

/** A worker as the server runs it, polling fast and retrying soon, for tests. */
export function testWorker(
  database: Database,
  chain: ChainConnection,
  options: { env?: Record<string, string>; hooks?: PayoutHooks; logger?: WorkerLogger } = {},
) {
  const env = readEnvironment({
    WORKER_POLL_INTERVAL_MS: '25',
    WORKER_LEASE_SECONDS: '30',
    CHAIN_TIMEOUT_MS: '2000',
    ...options.env,
  })
  return createRewardWorker(env, {
    database,
    chain,
    logger: options.logger ?? recordingLogger().logger,
    hooks: options.hooks,
    retryBaseMs: 50,
    retryMaxMs: 1000,
  })
}

/**
 * What a worker pays a batch with, as the server's worker has it, for a test that plays one
 * worker's part by hand (`payBatch`).
 */
export function payoutContext(database: Database, chain: ChainConnection): PayoutContext {
  const env = readEnvironment({})
  return {
    database,
    node: new PayoutChainNode(chain, env.CHAIN_TIMEOUT_MS),
    signer: new WharfkitPayoutSigner(chain, payoutAccountFrom(env), {
      expireSeconds: env.PAYOUT_EXPIRE_SECONDS,
      timeoutMs: env.CHAIN_TIMEOUT_MS,
    }),
    productName: env.PRODUCT_NAME,
  }
}

/** The chain as seen through a node that can be switched off: every request fails meanwhile. */
export function switchableChain(chain: ChainConnection) {
  let down = false
  const fetchThroughSwitch: typeof fetch = async (input, init) => {
    if (down) throw new TypeError('fetch failed: connect ECONNREFUSED')
    return chain.fetch(input, init)
  }
  const connection: ChainConnection = {
    ...chain,
    fetch: fetchThroughSwitch,
    client: new APIClient({ url: chain.apiUrl, fetch: fetchThroughSwitch }),
  }
  return {
    connection,
    setDown(value: boolean) {
      down = value
    },
  }
}

/**
 * The chain as seen through a node that does not serve some endpoints (say, no history plugin):
 * requests to paths matching `missing` get the node's own 404 "Unknown Endpoint". Counts the
 * requests per path, to show which ones a feature relied on, and the table rows it was sent.
 */
export function nodeWithout(chain: ChainConnection, missing: RegExp) {
  const requests = new Map<string, number>()
  const read = { tableRows: 0 }
  const fetchWithout: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    requests.set(url.pathname, (requests.get(url.pathname) ?? 0) + 1)
    if (missing.test(url.pathname)) url.pathname = '/v1/no_such_plugin/endpoint'
    const body = request.method === 'GET' ? undefined : await request.text()
    const response = await chain.fetch(url, {
      method: request.method,
      headers: request.headers,
      body,
    })
    if (url.pathname === '/v1/chain/get_table_rows' && response.ok) {
      read.tableRows += ((await response.clone().json()) as { rows: unknown[] }).rows.length
    }
    return response
  }
  const connection: ChainConnection = {
    ...chain,
    fetch: fetchWithout,
    client: new APIClient({ url: chain.apiUrl, fetch: fetchWithout }),
  }
  return { connection, requests, read }
}

export async function balanceOf(chain: ChainConnection, account: string): Promise<number> {
  const [balance] = await chain.client.v1.chain.get_currency_balance('fern.token', account, 'FERN')
  return balance ? Number(balance.value) : 0
}

/**
 * A campaign `slug` holding `codes`, paying 1 FERN a code from fern.token (what the seeded payout
 * account holds) unless `campaign` says otherwise.
 */
export async function fernCampaign(
  database: Database,
  slug: string,
  codes: string[],
  campaign: Partial<NewCampaign> = {},
): Promise<Campaign> {
  const created = await createCampaign(database, {
    slug,
    name: slug,
    kind: 'shared',
    rewardQuantity: '1.0000 FERN',
    tokenContract: 'fern.token',
    ...campaign,
  })
  await addCodes(database, created, codes)
  return created
}

/**
 * A WharfKit session of the devchain's payout account (or of `signer`, another seeded account),
 * for a test's own transactions.
 */
export function payoutSession(
  chain: ChainConnection,
  signer = { actor: PAYOUT_ACCOUNT, privateKey: PAYOUT_PRIVATE_KEY },
): Session {
  return new Session(
    {
      chain: { id: chain.settings.id, url: chain.apiUrl },
      actor: signer.actor,
      permission: 'active',
      walletPlugin: new WalletPluginPrivateKey(signer.privateKey),
    },
    { fetch: chain.fetch },
  )
}

/**
 * Starts a worker (by `start`, given its hooks) that dies right after the chain took its first
 * transaction, before recording anything of it, and waits until it has died and stopped.
 */
export async function dieAfterFirstBroadcast(
  start: (options: { hooks: PayoutHooks }) => Promise<{ stop(): Promise<void> }>,
): Promise<void> {
  let broadcast = 0
  const dying = await start({
    hooks: {
      afterBroadcast: () => {
        broadcast++
        throw new Error('killed between broadcast and record')
      },
    },
  })
  await eventually(
    async () => broadcast,
    (count) => count > 0,
  )
  await dying.stop()
}
