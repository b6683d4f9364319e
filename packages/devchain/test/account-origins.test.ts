import type { APIClient } from '@wharfkit/antelope'
import { describe, expect, it } from 'vitest'
import {
  ACCOUNT_CREATOR,
  ACCOUNT_CREATOR_PRIVATE_KEY,
  DEV_WALLET_PUBLIC_KEY,
  PAYOUT_PRIVATE_KEY,
  seedPrivateKey,
} from '../src/index'
import { devchainForTheseTests } from '../src/testing'
import { sessionFor, transferAction } from './support/chain-requests'

const testChain = devchainForTheseTests({ blockIntervalMs: 50 })

const keyAuthority = {
  threshold: 1,
  keys: [{ key: DEV_WALLET_PUBLIC_KEY, weight: 1 }],
  accounts: [],
  waits: [],
}

/** What get_creator and get_actions answer, as far as these tests read them. */
interface HyperionAnswer {
  creator?: string
  timestamp?: string
  actions: { act: { data: Record<string, unknown> } }[]
}

async function hyperion(path: string, query: Record<string, string>) {
  const response = await fetch(`${testChain.devchain.url}${path}?${new URLSearchParams(query)}`)
  return { status: response.status, json: (await response.json()) as HyperionAnswer }
}

/** Until the head has passed `blockNum`: Hyperion indexes actions of produced blocks only. */
async function produced(client: APIClient, blockNum: number) {
  while (Number((await client.v1.chain.get_info()).head_block_num) < blockNum) {
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

function send(actor: string, privateKey: string, to: string, quantity: string) {
  return sessionFor(testChain.devchain, actor, privateKey).transact({
    action: transferAction('fern.token', actor, { from: actor, to, quantity, memo: 'funds' }),
  })
}

describe('where an account came from, as Hyperion tells it', () => {
  it('get_creator names the newaccount that made an account: its creator, time, block and transaction', async () => {
    const made = await sessionFor(
      testChain.devchain,
      ACCOUNT_CREATOR,
      ACCOUNT_CREATOR_PRIVATE_KEY,
    ).transact({
      action: {
        account: 'eosio',
        name: 'newaccount',
        authorization: [{ actor: ACCOUNT_CREATOR, permission: 'active' }],
        data: {
          creator: ACCOUNT_CREATOR,
          name: 'originwalker',
          owner: keyAuthority,
          active: keyAuthority,
        },
      },
    })
    const blockNum = Number(made.response?.processed.block_num)
    await produced(testChain.client, blockNum)
    const account = await testChain.client.v1.chain.get_account('originwalker')

    const creation = await hyperion('/v2/history/get_creator', { account: 'originwalker' })
    expect(creation.status).toBe(200)
    expect(creation.json).toMatchObject({
      account: 'originwalker',
      creator: ACCOUNT_CREATOR,
      block_num: blockNum,
      trx_id: String(made.resolved?.transaction.id),
    })
    expect(`${creation.json.timestamp}Z`).toBe(account.created.toDate().toISOString())
  })

  it('get_creator answers a seed account as made by eosio, eosio as its own, and an unknown account with an error', async () => {
    const seeded = await hyperion('/v2/history/get_creator', { account: 'fernwoodpays' })
    expect(seeded.json).toMatchObject({ creator: 'eosio', block_num: 1, trx_id: '' })
    const system = await hyperion('/v2/history/get_creator', { account: 'eosio' })
    expect(system.json.creator).toBe('__self__')
    const unknown = await hyperion('/v2/history/get_creator', { account: 'nosuchacct' })
    expect(unknown.status).toBe(500)
    expect(unknown.json).toMatchObject({ statusCode: 500, message: 'account not found' })
  })

  it('get_actions filters transfers by recipient (transfer.to) and sender (transfer.from)', async () => {
    await send('fernwoodpays', PAYOUT_PRIVATE_KEY, 'carol.wam', '3.0000 FERN')
    await send('fernwoodpays', PAYOUT_PRIVATE_KEY, 'bob.wam', '1.0000 FERN')
    const last = await send('carol.wam', seedPrivateKey('carol.wam'), 'bob.wam', '1.0000 FERN')
    await produced(testChain.client, Number(last.response?.processed.block_num))

    const toBob = await hyperion('/v2/history/get_actions', {
      account: 'bob.wam',
      filter: '*:transfer',
      'transfer.to': 'bob.wam',
      sort: 'asc',
    })
    expect(toBob.json.actions.map((action) => action.act.data.from)).toEqual([
      'fernwoodpays',
      'carol.wam',
    ])
    const fromCarol = await hyperion('/v2/history/get_actions', {
      account: 'bob.wam',
      'transfer.from': 'carol.wam',
    })
    expect(fromCarol.json.actions).toHaveLength(1)
    expect(fromCarol.json.actions[0].act.data).toMatchObject({ from: 'carol.wam', to: 'bob.wam' })
  })
})
