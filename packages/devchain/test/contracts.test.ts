import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { type AnyAction, type APIError, SignedTransaction } from '@wharfkit/antelope'
import { describe, expect, it } from 'vitest'
import {
  devchainSeed,
  NFT_COLLECTION,
  NFT_CONTRACT,
  PAYOUT_ACCOUNT,
  PAYOUT_PRIVATE_KEY,
  seedPrivateKey,
} from '../src/index'
import { devchainForTheseTests, treasureMintAction } from '../src/testing'
import { balanceOf, nodeErrorOf, sessionFor, transferAction } from './support/chain-requests'

const testChain = devchainForTheseTests()

/** Signs with `actor`'s seeded key through a WharfKit Session and sends, as a wallet would. */
function transact(actor: string, actions: AnyAction[]) {
  return sessionFor(testChain.devchain, actor, seedPrivateKey(actor)).transact({ actions })
}

/** The same, sent through the APIClient, whose APIError carries the node's refusal. */
async function send(actor: string, actions: AnyAction[]) {
  const result = await sessionFor(testChain.devchain, actor, seedPrivateKey(actor)).transact(
    { actions },
    { broadcast: false },
  )
  if (!result.resolved) throw new Error('WharfKit did not resolve the transaction')
  const signed = SignedTransaction.from({
    ...result.resolved.transaction,
    signatures: result.signatures,
  })
  return testChain.client.v1.chain.send_transaction(signed)
}

const rows = async <Row>(code: string, table: string, scope: string) =>
  (await testChain.client.v1.chain.get_table_rows({ code, table, scope, json: true, limit: 100 }))
    .rows as Row[]

const proton = dirname(createRequire(import.meta.url).resolve('proton-tsc/package.json'))
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

describe('eosio.token runs its own code, with its own messages', () => {
  const payout = (quantity: string, memo = '', to = 'alice.wam') =>
    transferAction('fern.token', PAYOUT_ACCOUNT, { from: PAYOUT_ACCOUNT, to, quantity, memo })
  /** The contract's refusal, as the node answers it, and the balance it left untouched. */
  async function refused(action: AnyAction) {
    const before = await balanceOf(testChain.client, 'fern.token', PAYOUT_ACCOUNT, 'FERN')
    const error: APIError = await nodeErrorOf(() => send(PAYOUT_ACCOUNT, [action]))
    expect(error.response.status).toBe(500)
    expect(error.code).toBe(3050003)
    expect(error.name).toBe('eosio_assert_message_exception')
    expect(await balanceOf(testChain.client, 'fern.token', PAYOUT_ACCOUNT, 'FERN')).toBe(before)
    return error.details[0].message
  }

  it('a transfer moves both balances and notifies sender and recipient', async () => {
    const result = await transact(PAYOUT_ACCOUNT, [payout('2.5000 FERN', 'paid')])
    const traces = result.response?.processed.action_traces as {
      receiver: string
      act: { account: string; data: unknown }
    }[]
    expect(traces.map((trace) => trace.receiver)).toEqual([
      'fern.token',
      PAYOUT_ACCOUNT,
      'alice.wam',
    ])
    expect(traces.every((trace) => trace.act.account === 'fern.token')).toBe(true)
    expect(await balanceOf(testChain.client, 'fern.token', 'alice.wam', 'FERN')).toBe('2.5000 FERN')
  })

  it('more than the balance: "overdrawn balance"', async () => {
    expect(await refused(payout('2000000.0000 FERN'))).toBe(
      'assertion failure with message: overdrawn balance',
    )
  })

  it('a quantity of another precision: "symbol precision mismatch"', async () => {
    expect(await refused(payout('1.00 FERN'))).toBe(
      'assertion failure with message: symbol precision mismatch',
    )
  })

  it('a memo over 256 bytes: "memo has more than 256 bytes"', async () => {
    expect(await refused(payout('1.0000 FERN', 'é'.repeat(129)))).toBe(
      'assertion failure with message: memo has more than 256 bytes',
    )
  })

  it('a transfer to oneself: "cannot transfer to self"', async () => {
    expect(await refused(payout('1.0000 FERN', '', PAYOUT_ACCOUNT))).toBe(
      'assertion failure with message: cannot transfer to self',
    )
  })

  it('get_raw_code_and_abi and get_code_hash serve the WASM the registry package ships', async () => {
    const wasm = readFileSync(join(proton, 'external/eosio.token/eosio.token.wasm'))
    for (const account of ['fern.token', 'eosio.token']) {
      const raw = await testChain.client.call<{ wasm: string; abi: string }>({
        path: '/v1/chain/get_raw_code_and_abi',
        params: { account_name: account },
      })
      expect(sha256(Buffer.from(raw.wasm, 'base64'))).toBe(sha256(wasm))
      expect(raw.abi.length).toBeGreaterThan(0)
      const hash = await testChain.client.call<{ code_hash: string }>({
        path: '/v1/chain/get_code_hash',
        params: { account_name: account },
      })
      expect(hash.code_hash).toBe(sha256(wasm))
    }
  })
})

interface Asset {
  asset_id: string
  collection_name: string
  template_id: number
  ram_payer: string
}

describe('AtomicAssets runs its own code', () => {
  it('is seeded with the fernwoodnfts collection, which the payout account may mint in', async () => {
    const [collection] = await rows<{
      collection_name: string
      author: string
      authorized_accounts: string[]
    }>(NFT_CONTRACT, 'collections', NFT_CONTRACT)
    expect(collection.collection_name).toBe(NFT_COLLECTION)
    expect(collection.authorized_accounts).toContain(PAYOUT_ACCOUNT)
    const [schema] = await rows<{ schema_name: string; format: { name: string }[] }>(
      NFT_CONTRACT,
      'schemas',
      NFT_COLLECTION,
    )
    expect(schema.format.map((attribute) => attribute.name)).toEqual([
      'name',
      'img',
      'description',
      'reward',
    ])
    const templates = await rows<{ template_id: number }>(NFT_CONTRACT, 'templates', NFT_COLLECTION)
    expect(templates.map((template) => template.template_id)).toEqual([1, 2, 3])
    const config = await rows<{ supported_tokens: { contract: string }[] }>(
      NFT_CONTRACT,
      'config',
      NFT_CONTRACT,
    )
    expect(config[0].supported_tokens[0].contract).toBe('eosio.token')
  })

  it('gives the payout account the pool of Oak acorns the seed says it holds', async () => {
    const held = await rows<{ template_id: number; collection_name: string }>(
      NFT_CONTRACT,
      'assets',
      PAYOUT_ACCOUNT,
    )
    const [pool] = devchainSeed.nfts.held
    expect(pool).toMatchObject({ template: 'Oak acorn', owner: PAYOUT_ACCOUNT })
    expect(held.filter((asset) => asset.template_id === 2)).toHaveLength(pool.count)
    expect(new Set(held.map((asset) => asset.collection_name))).toEqual(new Set([NFT_COLLECTION]))
  })

  it('serves the seeded templates’ images itself', async () => {
    for (const image of ['nft/fern-frond.svg', 'nft/oak-acorn.svg', 'nft/ancient-relic.svg']) {
      const response = await fetch(`${testChain.devchain.url}/${image}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/svg+xml')
      expect(await response.text()).toMatch(/^<svg /)
    }
  })

  it('creates a collection, schema and template, mints and transfers, as the contract rules', async () => {
    const aa = (name: string, actor: string, data: Record<string, unknown>): AnyAction => ({
      account: NFT_CONTRACT,
      name,
      authorization: [{ actor, permission: 'active' }],
      data,
    })
    await transact('alice.wam', [
      aa('createcol', 'alice.wam', {
        author: 'alice.wam',
        collection_name: 'alicesbadges',
        allow_notify: true,
        authorized_accounts: ['alice.wam'],
        notify_accounts: [],
        market_fee: 0.01,
        data: [{ key: 'name', value: ['string', 'Alice’s badges'] }],
      }),
      aa('createschema', 'alice.wam', {
        authorized_creator: 'alice.wam',
        collection_name: 'alicesbadges',
        schema_name: 'badges',
        schema_format: [
          { name: 'name', type: 'string' },
          { name: 'level', type: 'uint8' },
        ],
      }),
      aa('createtempl', 'alice.wam', {
        authorized_creator: 'alice.wam',
        collection_name: 'alicesbadges',
        schema_name: 'badges',
        transferable: true,
        burnable: true,
        max_supply: 10,
        immutable_data: [{ key: 'name', value: ['string', 'Gold'] }],
      }),
    ])
    const [template] = await rows<{ template_id: number }>(
      NFT_CONTRACT,
      'templates',
      'alicesbadges',
    )

    const minted = await transact('alice.wam', [
      aa('mintasset', 'alice.wam', {
        authorized_minter: 'alice.wam',
        collection_name: 'alicesbadges',
        schema_name: 'badges',
        template_id: template.template_id,
        new_asset_owner: 'bob.wam',
        immutable_data: [{ key: 'level', value: ['uint8', 3] }],
        mutable_data: [],
        tokens_to_back: [],
      }),
    ])
    // The contract logs the mint in an inline action of its own, which notifies the new owner.
    const mintTraces = minted.response?.processed.action_traces as {
      receiver: string
      act: { name: string }
      creator_action_ordinal: number
    }[]
    expect(mintTraces.map((trace) => `${trace.receiver}:${trace.act.name}`)).toEqual([
      'atomicassets:mintasset',
      'atomicassets:logmint',
      'bob.wam:logmint',
    ])
    expect(mintTraces[1].creator_action_ordinal).toBe(1)
    const [asset] = await rows<Asset>(NFT_CONTRACT, 'assets', 'bob.wam')
    expect(asset).toMatchObject({ collection_name: 'alicesbadges', ram_payer: 'alice.wam' })

    await transact('bob.wam', [
      aa('transfer', 'bob.wam', {
        from: 'bob.wam',
        to: 'carol.wam',
        asset_ids: [asset.asset_id],
        memo: 'for you',
      }),
    ])
    expect(await rows<Asset>(NFT_CONTRACT, 'assets', 'bob.wam')).toEqual([])
    expect((await rows<Asset>(NFT_CONTRACT, 'assets', 'carol.wam'))[0].asset_id).toBe(
      asset.asset_id,
    )
  })

  it('the payout account mints in fernwoodnfts, paying the asset’s RAM', async () => {
    const before = await testChain.client.v1.chain.get_account(PAYOUT_ACCOUNT)
    await sessionFor(testChain.devchain, PAYOUT_ACCOUNT, PAYOUT_PRIVATE_KEY).transact({
      action: treasureMintAction(PAYOUT_ACCOUNT, 1, 'alice.wam'),
    })
    const after = await testChain.client.v1.chain.get_account(PAYOUT_ACCOUNT)
    expect(Number(after.ram_usage)).toBeGreaterThan(Number(before.ram_usage))
    const [asset] = await rows<Asset>(NFT_CONTRACT, 'assets', 'alice.wam')
    expect(asset).toMatchObject({ collection_name: NFT_COLLECTION, template_id: 1 })
  })

  it('a transaction failing after a mint and its inline action leaves no trace of them', async () => {
    const counter = async () =>
      (await rows<{ asset_counter: string }>(NFT_CONTRACT, 'config', NFT_CONTRACT))[0].asset_counter
    const before = await counter()
    const error = await nodeErrorOf(() =>
      send(PAYOUT_ACCOUNT, [
        treasureMintAction(PAYOUT_ACCOUNT, 2, 'bob.wam'),
        transferAction('fern.token', PAYOUT_ACCOUNT, {
          from: PAYOUT_ACCOUNT,
          to: 'bob.wam',
          quantity: '1.00 FERN',
          memo: '',
        }),
      ]),
    )
    expect(error.details[0].message).toBe(
      'assertion failure with message: symbol precision mismatch',
    )
    expect(await counter()).toBe(before)
    expect(await rows<Asset>(NFT_CONTRACT, 'assets', 'bob.wam')).toEqual([])
  })

  it('the contract’s own refusal reaches the client in nodeos’ shape', async () => {
    const error = await nodeErrorOf(() =>
      send('bob.wam', [treasureMintAction('bob.wam', 1, 'bob.wam')]),
    )
    expect(error.code).toBe(3050003)
    expect(error.name).toBe('eosio_assert_message_exception')
    expect(error.details[0].message).toBe(
      'assertion failure with message: The minter is not authorized within the collection',
    )
  })
})
