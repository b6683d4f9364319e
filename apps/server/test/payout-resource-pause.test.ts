import {
  ACCOUNT_CREATOR,
  ACCOUNT_CREATOR_PRIVATE_KEY,
  createDevchain,
  DEV_WALLET_PUBLIC_KEY,
  type Devchain,
} from '@fernwood/devchain'
import { Session } from '@wharfkit/session'
import { WalletPluginPrivateKey } from '@wharfkit/wallet-plugin-privatekey'
import Fastify from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { runAdminCommand } from '../src/admin/commands.ts'
import type { ChainConnection } from '../src/chain/chain-connection.ts'
import { embedDevchain } from '../src/chain/open-chain.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { CHANGES_CHANNEL, parseChange } from '../src/events/channel.ts'
import { installMetrics } from '../src/metrics/routes.ts'
import { PayoutChainNode } from '../src/payouts/chain-node.ts'
import { reconcilePayouts } from '../src/payouts/reconcile.ts'
import {
  type PauseChange,
  type PausedResource,
  readPayoutPause,
} from '../src/payouts/resource-pause.ts'
import { HyperionTransferHistory } from '../src/payouts/transfer-history.ts'
import { readRewardLists } from '../src/rewards/reward-lists.ts'
import type { RewardWorker } from '../src/worker/reward-worker.ts'
import { eventually, randomAccount } from './support/rewards.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'
import { fernCampaign, nodeWithout, recordingLogger, testWorker } from './support/worker.ts'

const PAYOUT_ACCOUNT = 'fernwoodpays'
const METRICS_TOKEN = 'resource-pause-metrics-token'

let testDatabase: TestDatabase
let devchain: Devchain
let chain: ChainConnection
const workers: RewardWorker[] = []

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  devchain = await createDevchain({ blockIntervalMs: 100 })
  const embedded = await embedDevchain(devchain)
  chain = { ...embedded.connection, close: embedded.close }
})
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop()
})
afterAll(async () => {
  await chain.close()
  await testDatabase.drop()
})

/**
 * Two workers sharing the database, paying in batches of five, two at a time each, through a
 * node that counts the transactions sent to it.
 */
async function startWorkers() {
  const node = nodeWithout(chain, /^$/)
  const { logger, entries } = recordingLogger()
  const changes: PauseChange[] = []
  for (let index = 0; index < 2; index++) {
    const worker = testWorker(testDatabase.database, node.connection, {
      env: { PAYOUT_BATCH_SIZE: '5', WORKER_CONCURRENCY: '2' },
      logger,
    })
    worker.resourcePause.onChange((change) => changes.push(change))
    workers.push(worker)
    await worker.start()
  }
  const sent = () => node.requests.get('/v1/chain/send_transaction') ?? 0
  return { entries, changes, sent }
}

/** Twenty codes of a new campaign, submitted by `accounts` in turn, as `POST /api/codes` records them. */
async function submitTwenty(slug: string, accounts: string[]) {
  const codes = Array.from({ length: 20 }, (_, index) => `${slug}-${index}`)
  await fernCampaign(testDatabase.database, slug, codes)
  const [{ ids }] = await testDatabase.database.query<{ ids: string[] }>(
    `WITH submitted AS (
       INSERT INTO rewards (code, wax_account) SELECT * FROM unnest($1::text[], $2::text[])
       RETURNING id)
     SELECT array_agg(id) AS ids FROM submitted`,
    [codes, codes.map((_, index) => accounts[index % accounts.length])],
  )
  return ids
}

const rewardsOf = (ids: string[]) =>
  testDatabase.database.query<{ status: string; delayed: boolean; wax_account: string }>(
    'SELECT status, delayed, wax_account FROM rewards WHERE id = ANY($1::uuid[])',
    [ids],
  )

const pausedFor = (resource: PausedResource) =>
  eventually(
    () => readPayoutPause(testDatabase.database),
    (pause) => pause?.resource === resource,
  )

/** Waits until no worker holds any of the rewards: each is due, none being paid. */
const allDueAgain = (ids: string[]) =>
  eventually(
    () =>
      testDatabase.database.query(
        'SELECT 1 FROM rewards WHERE id = ANY($1::uuid[]) AND next_attempt_at > now()',
        [ids],
      ),
    (held) => held.length === 0,
  )

/** Waits until the workers looked at the payout account `times` more times. */
async function lookedAgain(times: number) {
  const checks = async () => {
    const [row] = await testDatabase.database.query<{ checks: number }>(
      'SELECT checks FROM payout_pause',
    )
    return row.checks
  }
  const before = await checks()
  await eventually(checks, (now) => now >= before + times)
}

async function metricsText(): Promise<string> {
  const app = Fastify()
  installMetrics(app, { token: METRICS_TOKEN, database: testDatabase.database })
  const response = await app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  })
  await app.close()
  return response.body
}

/** What `npm run admin -- payouts resources` prints. */
async function resourcesPrinted(): Promise<string[]> {
  const lines: string[] = []
  await runAdminCommand(['payouts', 'resources'], {
    database: testDatabase.database,
    env: readEnvironment({}),
    chainNode: async () => new PayoutChainNode(chain, 2000),
    transferHistory: async () => new HyperionTransferHistory(chain.apiUrl, chain.fetch, 2000),
    print: (line) => lines.push(line),
  })
  return lines
}

/** Every reward paid exactly once: completed, one history entry each, and the chain agrees. */
async function expectPaidOnce(ids: string[]) {
  await eventually(
    () => rewardsOf(ids),
    (rewards) => rewards.every((reward) => reward.status === 'completed'),
    20_000,
  )
  const history = await testDatabase.database.query<{ reward_id: string }>(
    'SELECT reward_id FROM reward_history WHERE reward_id = ANY($1::uuid[])',
    [ids],
  )
  expect(history.map((row) => row.reward_id).sort()).toEqual([...ids].sort())
  const reconciliation = await reconcilePayouts(
    testDatabase.database,
    new HyperionTransferHistory(chain.apiUrl, chain.fetch, 2000),
    { payoutAccount: PAYOUT_ACCOUNT, since: null },
  )
  expect(reconciliation.discrepancies).toEqual([])
}

async function expectNoneParked(ids: string[]) {
  const parked = await testDatabase.database.query(
    `SELECT 1 FROM payouts WHERE reward_id = ANY($1::uuid[]) AND state = 'failed'`,
    [ids],
  )
  expect(parked).toEqual([])
  for (const reward of await rewardsOf(ids)) {
    expect(reward).toMatchObject({ delayed: true })
    expect(['pending', 'processing']).toContain(reward.status)
  }
}

/** New accounts, holding nothing yet: paying each costs the payer a RAM row. */
async function createAccounts(count: number): Promise<string[]> {
  const names = Array.from({ length: count }, () => randomAccount('ram'))
  const key = {
    threshold: 1,
    keys: [{ key: DEV_WALLET_PUBLIC_KEY, weight: 1 }],
    accounts: [],
    waits: [],
  }
  const creator = new Session(
    {
      chain: { id: chain.settings.id, url: chain.apiUrl },
      actor: ACCOUNT_CREATOR,
      permission: 'active',
      walletPlugin: new WalletPluginPrivateKey(ACCOUNT_CREATOR_PRIVATE_KEY),
    },
    { fetch: chain.fetch },
  )
  await creator.transact({
    actions: names.map((name) => ({
      account: 'eosio',
      name: 'newaccount',
      authorization: [{ actor: ACCOUNT_CREATOR, permission: 'active' }],
      data: { creator: ACCOUNT_CREATOR, name, owner: key, active: key },
    })),
  })
  return names
}

describe('payouts when the payout account runs out of resources', () => {
  it('out of CPU: nothing parked, every worker holds off, and all is paid once it is refilled', async () => {
    // A small budget, all used: what the window gives back meanwhile stays below a payout's cost.
    const { cpu_limit } = devchain.setAccountResources(PAYOUT_ACCOUNT, {})
    devchain.setAccountResources(PAYOUT_ACCOUNT, { cpu: { max: 10_000, used: 10_000 } })
    const accounts = ['alice.wam', 'bob.wam', 'carol.wam']
    const ids = await submitTwenty('cpu-drained', accounts)
    // What the live feed hears of these rewards: each change carries the reward as it is.
    const heard = new Map<string, unknown>()
    const unlisten = await testDatabase.database.listen(CHANGES_CHANNEL, (payload) => {
      const event = parseChange(payload)?.event
      if (event?.kind === 'reward' && event.reward) heard.set(event.subject, event.reward.delayed)
    })
    const { entries, changes, sent } = await startWorkers()

    const pause = await pausedFor('cpu')
    expect(pause?.error).toMatch(/billed CPU time/)
    // At most the transactions already under way when the first refusal came (two workers, two
    // at a time each); then the workers look at the account again and again, sending nothing.
    await allDueAgain(ids)
    const sentWhenPaused = sent()
    expect(sentWhenPaused).toBeLessThanOrEqual(4)
    await lookedAgain(3)
    expect(sent()).toBe(sentWhenPaused)
    await expectNoneParked(ids)
    await eventually(
      async () => ids.filter((id) => heard.get(id) === true),
      (delayed) => delayed.length === ids.length,
    )
    const lists = await readRewardLists(testDatabase.database, 'alice.wam')
    expect(lists.pending.filter((reward) => reward.delayed).length).toBeGreaterThan(0)
    expect(lists.pending.every((reward) => reward.delayed)).toBe(true)
    const metrics = await metricsText()
    expect(metrics).toContain('fernwood_payouts_paused{reason="cpu"} 1')
    expect(metrics).toContain('fernwood_payouts_paused{reason="ram"} 0')
    expect(entries.filter((entry) => /^payouts paused/.test(entry.message))).toHaveLength(1)
    const printed = await resourcesPrinted()
    expect(printed[0]).toBe(PAYOUT_ACCOUNT)
    expect(printed[1]).toMatch(/^ {2}CPU {2}used \d+ µs, available 0 µs, max 10000 µs$/)
    expect(printed[2]).toMatch(/^ {2}NET {2}used \d+ bytes, available \d+ bytes, max \d+ bytes$/)
    expect(printed[3]).toMatch(/^ {2}RAM {2}used \d+ bytes, available \d+ bytes, max \d+ bytes$/)
    expect(printed[4]).toMatch(/^payouts: PAUSED since .+: out of CPU; next check at /)

    devchain.setAccountResources(PAYOUT_ACCOUNT, { cpu: { max: cpu_limit.max, used: 0 } })
    await expectPaidOnce(ids)
    expect(await readPayoutPause(testDatabase.database)).toBeUndefined()
    expect((await rewardsOf(ids)).some((reward) => reward.delayed)).toBe(false)
    await unlisten()
    expect(await metricsText()).toContain('fernwood_payouts_paused{reason="cpu"} 0')
    expect(entries.filter((entry) => /^payouts resumed/.test(entry.message))).toHaveLength(1)
    expect(changes.map((change) => change.state)).toEqual(['paused', 'resumed'])
    expect((await resourcesPrinted())[4]).toBe('payouts: running')
  })

  it('out of RAM for first-time holders: nothing parked, paused for RAM, all paid once it has more', async () => {
    const holders = await createAccounts(20)
    const { ram_usage } = devchain.setAccountResources(PAYOUT_ACCOUNT, {})
    devchain.setAccountResources(PAYOUT_ACCOUNT, { ramQuota: ram_usage })
    const ids = await submitTwenty('ram-drained', holders)
    const { entries } = await startWorkers()

    const pause = await pausedFor('ram')
    expect(pause?.error).toMatch(/insufficient ram/)
    await allDueAgain(ids)
    await lookedAgain(3)
    await expectNoneParked(ids)
    expect(await metricsText()).toContain('fernwood_payouts_paused{reason="ram"} 1')

    devchain.setAccountResources(PAYOUT_ACCOUNT, { ramQuota: ram_usage + 1_048_576 })
    await expectPaidOnce(ids)
    expect(await readPayoutPause(testDatabase.database)).toBeUndefined()
    expect(entries.filter((entry) => /^payouts (paused|resumed)/.test(entry.message))).toHaveLength(
      2,
    )
  })
})
