import { type AnyAction, SignedTransaction } from '@wharfkit/antelope'
import { describe, expect, it } from 'vitest'
import {
  createDevchain,
  PAYOUT_ACCOUNT,
  PAYOUT_PRIVATE_KEY,
  type ResourceChange,
} from '../src/index'
import { meterReading, ResourceLedger, USAGE_WINDOW_SLOTS } from '../src/resources'
import { devchainForTheseTests } from '../src/testing'
import {
  balanceOf,
  nodeErrorOf,
  postRaw,
  sessionFor,
  transferAction,
} from './support/chain-requests'

const testChain = devchainForTheseTests()

interface Meter {
  used: number
  available: number
  max: number
}
interface AccountFigures {
  ram_quota: number
  ram_usage: number
  cpu_limit: Meter
  net_limit: Meter
}

const accountOf = (name: string) =>
  testChain.client.call<AccountFigures>({
    path: '/v1/chain/get_account',
    params: { account_name: name },
  })

/** fernwoodpays pays `to`, signed by a WharfKit Session, sent through the APIClient. */
async function pay(to: string, quantity = '1.0000 FERN') {
  const action: AnyAction = transferAction('fern.token', PAYOUT_ACCOUNT, {
    from: PAYOUT_ACCOUNT,
    to,
    quantity,
    memo: `to ${to} ${Math.random()}`,
  })
  const result = await sessionFor(testChain.devchain, PAYOUT_ACCOUNT, PAYOUT_PRIVATE_KEY).transact(
    { action },
    { broadcast: false },
  )
  if (!result.resolved) throw new Error('WharfKit did not resolve the transaction')
  return testChain.client.v1.chain.send_transaction(
    SignedTransaction.from({ ...result.resolved.transaction, signatures: result.signatures }),
  )
}

/** The control as operators use it: a POST on the loopback address. */
const control = (body: { account: string } & Record<string, unknown>, origin?: string) =>
  fetch(`${testChain.devchain.url}/v1/devchain/set_account_resources`, {
    method: 'POST',
    headers: origin ? { origin } : {},
    body: JSON.stringify(body),
  })

describe('what a transaction bills, as nodeos bills it', () => {
  it('a transfer bills its CPU and NET to the first authorizer, as the receipt says', async () => {
    const before = await accountOf(PAYOUT_ACCOUNT)
    const response = await pay('alice.wam')
    const receipt = response.processed.receipt as { cpu_usage_us: number; net_usage_words: number }
    const after = await accountOf(PAYOUT_ACCOUNT)
    expect(receipt.cpu_usage_us).toBeGreaterThanOrEqual(100)
    // A one-action transfer with one signature: 12 + 16 + its packed bytes + a fifth of 67.
    expect(receipt.net_usage_words).toBeGreaterThanOrEqual(14)
    expect(after.cpu_limit.used - before.cpu_limit.used).toBeGreaterThanOrEqual(
      receipt.cpu_usage_us - 1,
    )
    expect(after.net_limit.used - before.net_limit.used).toBeGreaterThanOrEqual(
      receipt.net_usage_words * 8 - 1,
    )
    expect(after.cpu_limit.available).toBe(after.cpu_limit.max - after.cpu_limit.used)
    const recipient = await accountOf('alice.wam')
    expect(recipient.cpu_limit.used).toBe(0)
  })

  it('paying a first-time holder bills the payer the 240 bytes of the new row, once', async () => {
    await pay('alice.wam')
    const before = await accountOf(PAYOUT_ACCOUNT)
    const first = await pay('bob.wam')
    const traces = first.processed.action_traces as {
      account_ram_deltas: { account: string; delta: number }[]
    }[]
    expect(traces[0].account_ram_deltas).toEqual([{ account: PAYOUT_ACCOUNT, delta: 240 }])
    const afterFirst = await accountOf(PAYOUT_ACCOUNT)
    expect(afterFirst.ram_usage - before.ram_usage).toBe(240)
    await pay('bob.wam')
    expect((await accountOf(PAYOUT_ACCOUNT)).ram_usage).toBe(afterFirst.ram_usage)
  })

  it('get_account reports the quota and usage, and the system account as unlimited', async () => {
    const payer = await accountOf(PAYOUT_ACCOUNT)
    expect(payer.ram_quota).toBeGreaterThan(payer.ram_usage)
    expect(payer.cpu_limit.max).toBeGreaterThan(0)
    const system = await accountOf('eosio')
    expect([system.ram_quota, system.cpu_limit.max, system.net_limit.max]).toEqual([-1, -1, -1])
  })
})

describe('refusals carry nodeos’ names, and change nothing', () => {
  it('an account out of CPU gets tx_cpu_usage_exceeded until it is refilled', async () => {
    const { cpu_limit } = await accountOf(PAYOUT_ACCOUNT)
    // A small budget spent: what the rolling window gives back while the test runs (max/172,800
    // per half-second slot) stays below any transaction's bill, however slowly the test runs.
    const drained = await control({ account: PAYOUT_ACCOUNT, cpu: { max: 10_000, used: 10_000 } })
    expect(drained.status).toBe(200)
    expect(((await drained.json()) as AccountFigures).cpu_limit.available).toBe(0)
    const before = await balanceOf(testChain.client, 'fern.token', 'carol.wam', 'FERN')
    const error = await nodeErrorOf(() => pay('carol.wam'))
    expect(error.response.status).toBe(500)
    expect(error.code).toBe(3080004)
    expect(error.name).toBe('tx_cpu_usage_exceeded')
    const [, billed, billable, limit] =
      /^billed CPU time \((\d+) us\) is greater than the maximum billable CPU time for the transaction \((\d+) us\) reached account cpu limit (\d+)us$/.exec(
        error.details[0].message,
      ) ?? []
    // What the window gave back is all the account may be billed, and the bill is more.
    expect(limit).toBe(billable)
    expect(Number(billed)).toBeGreaterThan(Number(billable))
    expect(await balanceOf(testChain.client, 'fern.token', 'carol.wam', 'FERN')).toBe(before)

    const refilled = await control({
      account: PAYOUT_ACCOUNT,
      cpu: { max: cpu_limit.max, used: 0 },
    })
    expect(refilled.status).toBe(200)
    await pay('carol.wam')
    expect(await balanceOf(testChain.client, 'fern.token', 'carol.wam', 'FERN')).not.toBe(before)
  })

  it('an account without NET gets tx_net_usage_exceeded', async () => {
    await control({ account: PAYOUT_ACCOUNT, net: { max: 0 } })
    try {
      const error = await nodeErrorOf(() => pay('carol.wam'))
      expect(error.code).toBe(3080002)
      expect(error.name).toBe('tx_net_usage_exceeded')
      expect(error.details[0].message).toMatch(/^transaction net usage is too high: \d+ > 0$/)
    } finally {
      await control({ account: PAYOUT_ACCOUNT, net: { max: 1_073_741_824, used: 0 } })
    }
  })

  it('a payer without RAM for a new holder’s row gets ram_usage_exceeded', async () => {
    const { ram_usage } = await accountOf(PAYOUT_ACCOUNT)
    await control({ account: PAYOUT_ACCOUNT, ram_quota: ram_usage + 100 })
    try {
      const error = await nodeErrorOf(() => pay('devcreator'))
      expect(error.code).toBe(3080001)
      expect(error.name).toBe('ram_usage_exceeded')
      expect(error.details[0].message).toBe(
        `account ${PAYOUT_ACCOUNT} has insufficient ram; needs ${ram_usage + 240} bytes has ${ram_usage + 100} bytes`,
      )
      expect(await balanceOf(testChain.client, 'fern.token', 'devcreator', 'FERN')).toBe('none')
      expect((await accountOf(PAYOUT_ACCOUNT)).ram_usage).toBe(ram_usage)
      // A holder already paid for costs no RAM: it still goes.
      await pay('alice.wam')
    } finally {
      await control({ account: PAYOUT_ACCOUNT, ram_quota: 1_048_576 })
    }
  })
})

describe('the resources control', () => {
  it('answers programs on this machine only, never a web page', async () => {
    const fromPage = await control(
      { account: PAYOUT_ACCOUNT, cpu: { used: 0 } },
      'https://evil.example',
    )
    expect(fromPage.status).toBe(403)
    const unknown = await postRaw(
      `${testChain.devchain.url}/v1/devchain/set_account_resources`,
      JSON.stringify({ account: 'nobody.wam' }),
    )
    expect(unknown.status).toBe(500)
    expect(unknown.json.error.details[0].message).toBe(
      'unknown key (eosio::chain::name): nobody.wam',
    )
  })

  it('is not part of the node API a site mounts', async () => {
    const chain = await createDevchain()
    const { default: Fastify } = await import('fastify')
    const site = Fastify()
    await site.register(chain.plugin, { prefix: '/devchain' })
    const response = await site.inject({
      method: 'POST',
      url: '/devchain/v1/devchain/set_account_resources',
      payload: JSON.stringify({ account: PAYOUT_ACCOUNT, cpu: { used: 0 } }),
    })
    expect(response.statusCode).toBe(404)
    const change: ResourceChange = { cpu: { max: 5 } }
    expect(chain.setAccountResources(PAYOUT_ACCOUNT, change).cpu_limit.max).toBe(5)
    await site.close()
    await chain.close()
  })
})

describe('the 24-hour window', () => {
  it('what an account used comes back linearly over 24 hours, as nodeos decays it', () => {
    const ledger = new ResourceLedger({ ramQuota: 0, cpuPerDay: 0, netPerDay: 0 })
    const resources = ledger.create('alice.wam', {
      ramQuota: 8192,
      cpuPerDay: 10_000,
      netPerDay: 0,
    })
    ledger.change('alice.wam', { cpu: { used: 6_000 } }, 1_000)
    expect(meterReading(resources.cpu, 1_000)).toEqual({ used: 6_000, available: 4_000 })
    const half = meterReading(resources.cpu, 1_000 + USAGE_WINDOW_SLOTS / 2)
    expect(half.used).toBeCloseTo(3_000, -1)
    expect(meterReading(resources.cpu, 1_000 + USAGE_WINDOW_SLOTS)).toEqual({
      used: 0,
      available: 10_000,
    })
  })
})
