import type { APIClient } from '@wharfkit/antelope'
import { describe, expect, it } from 'vitest'
import { PAYOUT_PRIVATE_KEY } from '../src/index'
import { closedAfterEachTest, type RunningDevchain } from '../src/testing'
import { balanceOf, sessionFor, signTransaction, transferAction } from './support/chain-requests'

const opened = closedAfterEachTest()
const start = (irreversibleLag: number) => opened.devchain({ blockIntervalMs: 50, irreversibleLag })

async function pay(devchain: RunningDevchain, memo: string, quantity = '1.5000 FERN') {
  const result = await sessionFor(devchain, 'fernwoodpays', PAYOUT_PRIVATE_KEY).transact({
    action: transferAction('fern.token', 'fernwoodpays', {
      from: 'fernwoodpays',
      to: 'bob.wam',
      quantity,
      memo,
    }),
  })
  return {
    id: String(result.resolved?.transaction.id),
    blockNum: Number(result.response?.processed.block_num),
  }
}

/** A FERN balance as a number: an account that never held FERN has no row at all. */
async function fernOf(client: APIClient, account: string): Promise<number> {
  const balance = await balanceOf(client, 'fern.token', account, 'FERN')
  return balance === 'none' ? 0 : Number.parseFloat(balance)
}

interface TransactionStatus {
  state: string
  block_number?: number
  block_id?: string
  expiration?: string
  head_number: number
  irreversible_number: number
  earliest_tracked_block_number: number
}

const statusOf = (client: APIClient, id: string) =>
  client.call<TransactionStatus>({ path: '/v1/chain/get_transaction_status', params: { id } })

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; tries < 400; tries++) {
    const value = await read()
    if (done(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('the chain never got there')
}

describe('irreversibility', () => {
  it('the last irreversible block trails the head by the configured number of blocks', async () => {
    const { client } = await start(5)
    const info = await until(
      () => client.v1.chain.get_info(),
      (info) => Number(info.head_block_num) > 8,
    )
    expect(Number(info.head_block_num) - Number(info.last_irreversible_block_num)).toBe(5)
    const block = await client.v1.chain.get_block(info.last_irreversible_block_num)
    expect(String(block.id)).toBe(String(info.last_irreversible_block_id))
  })

  it('get_transaction_status follows a transfer from its block to irreversible', async () => {
    const { devchain, client } = await start(4)
    const { id, blockNum } = await pay(devchain, 'status')

    const inBlock = await until(
      () => statusOf(client, id),
      (status) => status.state !== 'LOCALLY_APPLIED',
    )
    expect(inBlock).toMatchObject({ state: 'IN_BLOCK', block_number: blockNum })
    expect(inBlock.irreversible_number).toBeLessThan(blockNum)

    const final = await until(
      () => statusOf(client, id),
      (status) => status.state === 'IRREVERSIBLE',
    )
    expect(final.block_number).toBe(blockNum)
    expect(final.irreversible_number).toBeGreaterThanOrEqual(blockNum)
    expect(final.expiration).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/)
    // WharfKit's own response type reads it.
    expect((await client.v1.chain.get_transaction_status(id)).state).toBe('IRREVERSIBLE')
    const block = await client.call<{ transactions: { trx: { id: string } }[] }>({
      path: '/v1/chain/get_block',
      params: { block_num_or_id: blockNum },
    })
    expect(block.transactions.map((receipt) => receipt.trx.id)).toContain(id)
  })

  it('answers UNKNOWN, with the chain’s state, for a transaction it never saw', async () => {
    const { client } = await start(2)
    const status = await statusOf(client, 'cd'.repeat(32))
    expect(status.state).toBe('UNKNOWN')
    expect(status.block_number).toBeUndefined()
    expect(status.head_number).toBeGreaterThanOrEqual(status.irreversible_number)
    expect(status.earliest_tracked_block_number).toBe(1)
  })
})

describe('dropping a transaction before finality (test hook)', () => {
  it('undoes its transfer, removes it from its block and lets the same bytes land again', async () => {
    const { devchain, client } = await start(20)
    const before = await fernOf(client, 'bob.wam')
    const signed = await signTransaction(
      client,
      [
        transferAction('fern.token', 'fernwoodpays', {
          from: 'fernwoodpays',
          to: 'bob.wam',
          quantity: '3.0000 FERN',
          memo: 'lost in a fork',
        }),
      ],
      [PAYOUT_PRIVATE_KEY],
    )
    const id = String(signed.id)
    const first = await client.v1.chain.send_transaction(signed)
    await until(
      () => client.v1.chain.get_info(),
      (info) => Number(info.head_block_num) >= Number(first.processed.block_num),
    )
    expect(await fernOf(client, 'bob.wam')).toBeCloseTo(before + 3, 4)

    devchain.dropTransaction(id)
    expect(await fernOf(client, 'bob.wam')).toBe(before)
    expect((await statusOf(client, id)).state).toBe('FORKED_OUT')
    const block = await client.call<{ transactions: { trx: { id: string } }[] }>({
      path: '/v1/chain/get_block',
      params: { block_num_or_id: Number(first.processed.block_num) },
    })
    expect(block.transactions.map((receipt) => receipt.trx.id)).not.toContain(id)

    // Not a duplicate any more: the very same signed bytes execute again, once.
    await client.v1.chain.send_transaction(signed)
    expect(await fernOf(client, 'bob.wam')).toBeCloseTo(before + 3, 4)
    expect(
      (
        await until(
          () => statusOf(client, id),
          (s) => s.state !== 'FORKED_OUT',
        )
      ).state,
    ).not.toBe('UNKNOWN')
  })

  it('refuses to drop a transaction that is already irreversible', async () => {
    const { devchain, client } = await start(1)
    const { id } = await pay(devchain, 'final')
    await until(
      () => statusOf(client, id),
      (status) => status.state === 'IRREVERSIBLE',
    )
    expect(() => devchain.dropTransaction(id)).toThrow(/irreversible/)
    expect((await statusOf(client, id)).state).toBe('IRREVERSIBLE')
  })
})

interface HyperionActions {
  lib: number
  total: { value: number; relation: string }
  actions: {
    '@timestamp': string
    block_num: number
    trx_id: string
    global_sequence: number
    notified: string[]
    act: { account: string; name: string; data: Record<string, unknown> }
  }[]
}

describe('v2/history/get_actions (Hyperion)', () => {
  const getActions = async (devchain: RunningDevchain, query: Record<string, string>) => {
    const response = await fetch(
      `${devchain.url}/v2/history/get_actions?${new URLSearchParams(query)}`,
    )
    return { status: response.status, json: (await response.json()) as HyperionActions }
  }

  it('lists an account’s transfers in blocks, filtered, sorted and paged as Hyperion does', async () => {
    const { devchain, client } = await start(2)
    const startedAt = new Date(Date.now() - 1000).toISOString()
    const paid = [await pay(devchain, 'one'), await pay(devchain, 'two', '2.0000 FERN')]
    await until(
      () => client.v1.chain.get_info(),
      (info) => Number(info.head_block_num) >= paid[1].blockNum,
    )
    const query = {
      account: 'fernwoodpays',
      filter: 'fern.token:transfer',
      'act.authorization.actor': 'fernwoodpays',
      sort: 'asc',
      after: startedAt,
      limit: '1',
      checkLib: 'true',
    }
    const first = await getActions(devchain, query)
    expect(first.status).toBe(200)
    expect(first.json.total).toEqual({ value: 2, relation: 'eq' })
    expect(first.json.lib).toBeGreaterThan(0)
    expect(first.json.actions).toHaveLength(1)
    const [action] = first.json.actions
    expect(action).toMatchObject({
      trx_id: paid[0].id,
      block_num: paid[0].blockNum,
      act: {
        account: 'fern.token',
        name: 'transfer',
        data: {
          from: 'fernwoodpays',
          to: 'bob.wam',
          quantity: '1.5000 FERN',
          amount: 1.5,
          symbol: 'FERN',
          memo: 'one',
        },
      },
    })
    expect(action.notified).toEqual(['fern.token', 'fernwoodpays', 'bob.wam'])

    const next = await getActions(devchain, {
      ...query,
      global_sequence: `${action.global_sequence + 1}-${Number.MAX_SAFE_INTEGER}`,
    })
    expect(next.json.actions.map((found) => found.trx_id)).toEqual([paid[1].id])
    const none = await getActions(devchain, { ...query, filter: 'eosio.token:transfer' })
    expect(none.json.actions).toEqual([])
  })

  it('refuses a bad query with a 400, as Hyperion does', async () => {
    const { devchain } = await start(2)
    const bad = await getActions(devchain, { after: 'not a date' })
    expect(bad.status).toBe(400)
    expect(bad.json).toMatchObject({ statusCode: 400, error: 'Bad Request' })
  })
})
