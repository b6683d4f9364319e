import { PermissionLevel } from '@wharfkit/antelope'
import { describe, expect, it } from 'vitest'
import {
  DEV_WALLET_PUBLIC_KEY,
  DEVCHAIN_CHAIN_ID,
  devchainSeed,
  NFT_CONTRACT,
  PAYOUT_ACCOUNT,
  USER_ACCOUNTS,
} from '../src/index'
import { devchainForTheseTests } from '../src/testing'
import { nodeErrorOf, postRaw } from './support/chain-requests'

const testChain = devchainForTheseTests({ blockIntervalMs: 100 })

describe('reading the chain through the real APIClient', () => {
  it('get_info reports the devchain id and a head block that advances with valid ids', async () => {
    const first = await testChain.client.v1.chain.get_info()
    expect(String(first.chain_id)).toBe(DEVCHAIN_CHAIN_ID)
    expect(DEVCHAIN_CHAIN_ID).toBe(
      '7518a80a606b4933bb0b34252cc11d2864db3f38e79e0aec2e5dcc3c4f99446b',
    )
    await new Promise((resolve) => setTimeout(resolve, 350))
    const later = await testChain.client.v1.chain.get_info()
    expect(Number(later.head_block_num)).toBeGreaterThan(Number(first.head_block_num))
    expect(later.head_block_time.toMilliseconds()).toBeGreaterThan(
      first.head_block_time.toMilliseconds(),
    )
    const headNumFromId = Number.parseInt(String(later.head_block_id).slice(0, 8), 16)
    expect(headNumFromId).toBe(Number(later.head_block_num))
    expect(Number(later.last_irreversible_block_num)).toBeLessThanOrEqual(
      Number(later.head_block_num),
    )
  })

  it('get_block and get_block_info return the block get_info names as head', async () => {
    const info = await testChain.client.v1.chain.get_info()
    const block = await testChain.client.v1.chain.get_block(info.last_irreversible_block_num)
    expect(String(block.id)).toBe(String(info.last_irreversible_block_id))
    const blockInfo = await testChain.client.v1.chain.get_block_info(
      info.last_irreversible_block_num,
    )
    expect(Number(blockInfo.ref_block_prefix)).toBe(
      Number(info.getTransactionHeader().ref_block_prefix),
    )
  })

  it('each user account has owner = its own key and active = own key plus the dev wallet key', async () => {
    for (const name of USER_ACCOUNTS) {
      const account = await testChain.client.v1.chain.get_account(name)
      const seeded = devchainSeed.accounts.find((candidate) => candidate.name === name)
      const owner = account.getPermission('owner').required_auth
      const active = account.getPermission('active').required_auth
      expect(owner.keys.map((weight) => weight.key.toLegacyString())).toEqual([
        seeded?.owner.keys[0].key,
      ])
      expect(Number(active.threshold)).toBe(1)
      expect(active.keys.map((weight) => weight.key.toLegacyString()).sort()).toEqual(
        [seeded?.owner.keys[0].key, DEV_WALLET_PUBLIC_KEY].sort(),
      )
      expect(active.keys.every((weight) => Number(weight.weight) === 1)).toBe(true)
      expect(String(account.core_liquid_balance)).toBe('100.00000000 WAX')
    }
  })

  it('get_accounts_by_authorizers lists all three users for the dev wallet key', async () => {
    const { accounts } = await testChain.client.v1.chain.get_accounts_by_authorizers({
      keys: [DEV_WALLET_PUBLIC_KEY],
    })
    expect(
      accounts.map((row) =>
        String(PermissionLevel.from(`${row.account_name}@${row.permission_name}`)),
      ),
    ).toEqual(['alice.wam@active', 'bob.wam@active', 'carol.wam@active'])
    expect(accounts.every((row) => Number(row.weight) === 1 && Number(row.threshold) === 1)).toBe(
      true,
    )
  })

  it('balances read the same through get_currency_balance and get_table_rows (json and binary)', async () => {
    const [balance] = await testChain.client.v1.chain.get_currency_balance(
      'fern.token',
      'fernwoodpays',
      'FERN',
    )
    expect(String(balance)).toBe('1000000.0000 FERN')
    const json = await testChain.client.v1.chain.get_table_rows({
      code: 'fern.token',
      table: 'accounts',
      scope: 'fernwoodpays',
      json: true,
    })
    expect(json.rows).toEqual([{ balance: '1000000.0000 FERN' }])
    const stat = await testChain.client.v1.chain.get_table_rows({
      code: 'fern.token',
      table: 'stat',
      scope: 'FERN',
      json: true,
    })
    // proton-tsc's eosio.token build keeps no maximum (it stores 0 and never refuses an issue).
    expect(stat.rows[0]).toEqual({
      supply: '1000000.0000 FERN',
      max_supply: '0.0000 FERN',
      issuer: 'fern.token',
    })
    const binary = await postRaw<{ rows: string[] }>(
      `${testChain.devchain.url}/v1/chain/get_table_rows`,
      JSON.stringify({
        code: 'eosio.token',
        table: 'accounts',
        scope: 'alice.wam',
        json: false,
      }),
    )
    // 100.00000000 WAX: 10^10 units little-endian, then precision 8 and "WAX".
    expect(binary.json.rows).toEqual(['00e40b54020000000857415800000000'])
  })

  it('get_table_rows pages a table by its bounds, forward and from the highest key down, as nodeos does', async () => {
    // Answered as nodeos writes them: the client would read next_key as a name.
    const rowsOf = async (query: Record<string, unknown>) => {
      const page = await testChain.client.call<{
        rows: unknown[]
        more: boolean
        next_key: string
      }>({
        path: '/v1/chain/get_table_rows',
        params: {
          code: NFT_CONTRACT,
          table: 'assets',
          scope: PAYOUT_ACCOUNT,
          json: true,
          ...query,
        },
      })
      return {
        ids: (page.rows as Array<{ asset_id: string | number }>).map((row) => String(row.asset_id)),
        more: page.more,
        next: String(page.next_key),
      }
    }
    const all = (await rowsOf({ limit: 1000 })).ids
    expect(all.length).toBeGreaterThan(20)
    expect(all).toEqual([...all].sort((a, b) => Number(a) - Number(b)))

    const forward: string[] = []
    for (let next: string | undefined; ; ) {
      const page = await rowsOf({ limit: 10, lower_bound: next })
      forward.push(...page.ids)
      if (!page.more) break
      expect(page.next).toBe(all[forward.length])
      next = page.next
    }
    expect(forward).toEqual(all)

    const backward: string[] = []
    for (let next: string | undefined; ; ) {
      const page = await rowsOf({ limit: 10, upper_bound: next, reverse: true })
      backward.push(...page.ids)
      if (!page.more) break
      expect(page.next).toBe(all[all.length - 1 - backward.length])
      next = page.next
    }
    expect(backward).toEqual([...all].reverse())

    const between = { lower_bound: all[5], upper_bound: all[8], limit: 10 }
    expect(await rowsOf(between)).toEqual({ ids: all.slice(5, 9), more: false, next: '' })
    expect((await rowsOf({ ...between, reverse: true })).ids).toEqual(all.slice(5, 9).reverse())
    expect(await rowsOf({ limit: 0 })).toEqual({ ids: [], more: true, next: all[0] })
  })

  it('get_abi and get_raw_abi serve the eosio.token ABI for both token contracts', async () => {
    for (const contract of ['fern.token', 'eosio.token']) {
      const { abi } = await testChain.client.v1.chain.get_abi(contract)
      expect(abi?.actions.map((action) => String(action.name))).toContain('transfer')
      const raw = await testChain.client.v1.chain.get_raw_abi(contract)
      expect(raw.abi.array.length).toBeGreaterThan(0)
    }
  })
})

describe('node-style errors', () => {
  it('an unknown account is refused like nodeos, which WharfKit reports as "Account not found"', async () => {
    const error = await nodeErrorOf(() => testChain.client.v1.chain.get_account('nobody.wam'))
    expect(error.response.status).toBe(500)
    expect(error.name).toBe('exception')
    expect(error.details[0].message).toBe('unknown key (eosio::chain::name): nobody.wam')
    expect(error.message).toBe('Account not found at /v1/chain/get_account')
  })

  it('malformed JSON is refused with 400 invalid_http_request', async () => {
    const response = await postRaw(
      `${testChain.devchain.url}/v1/chain/get_account`,
      '{"account_name": ',
    )
    expect(response.status).toBe(400)
    expect(response.json).toEqual({
      code: 400,
      message: 'Invalid Request',
      error: {
        code: 3200006,
        name: 'invalid_http_request',
        what: 'invalid http request',
        details: [
          {
            message: 'Unable to parse valid input from POST body',
            file: 'http_plugin.hpp',
            line_number: 270,
            method: 'parse_params',
          },
        ],
      },
    })
  })

  it('a body of the wrong type or a missing body is refused like nodeos', async () => {
    const wrongType = await postRaw(
      `${testChain.devchain.url}/v1/chain/get_account`,
      JSON.stringify({ account_name: { nested: true } }),
    )
    expect(wrongType.status).toBe(400)
    expect(wrongType.json.error.details[0].message).toBe(
      'Unable to parse valid input from POST body',
    )
    const missing = await postRaw(`${testChain.devchain.url}/v1/chain/get_account`, '')
    expect(missing.status).toBe(400)
    expect(missing.json.error.details[0].message).toBe('A Request body is required')
  })

  it('an unknown endpoint answers 404 "Unknown Endpoint"', async () => {
    const response = await postRaw(`${testChain.devchain.url}/v1/chain/get_everything`, '{}')
    expect(response.status).toBe(404)
    expect(response.json.message).toBe('Not Found')
    expect(response.json.error.details[0].message).toBe('Unknown Endpoint')
  })

  it('an unknown block is refused with unknown_block_exception', async () => {
    const error = await nodeErrorOf(() => testChain.client.v1.chain.get_block(99_999_999))
    expect(error.response.status).toBe(400)
    expect(error.code).toBe(3100002)
    expect(error.details[0].message).toBe('Could not find block: 99999999')
  })

  it('a table that is not in the ABI is refused with contract_table_query_exception', async () => {
    const error = await nodeErrorOf(() =>
      testChain.client.v1.chain.get_table_rows({
        code: 'fern.token',
        table: 'nope',
        scope: 'alice.wam',
      }),
    )
    expect(error.name).toBe('contract_table_query_exception')
    expect(error.details[0].message).toBe('Table nope is not specified in the ABI')
  })
})
