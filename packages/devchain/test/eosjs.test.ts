import { Api, JsonRpc, RpcError } from 'eosjs'
import { JsSignatureProvider } from 'eosjs/dist/eosjs-jssig'
import Fastify from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  createDevchain,
  DEV_WALLET_PRIVATE_KEY,
  DEVCHAIN_CHAIN_ID,
  PAYOUT_ACCOUNT,
  PAYOUT_PRIVATE_KEY,
} from '../src/index'
import { devchainForTheseTests } from '../src/testing'
import { balanceOf, postRaw } from './support/chain-requests'

const testChain = devchainForTheseTests({ blockIntervalMs: 50 })

beforeAll(async () => {
  // eosjs references a block a few behind the head, as on a chain that has been running.
  while (Number((await testChain.client.v1.chain.get_info()).head_block_num) < 5) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
})

/** eosjs as an application uses it: its own JSON-RPC client, signature and authority providers. */
function eosjsFor(privateKeys: string[]) {
  const rpc = new JsonRpc(testChain.devchain.url)
  return new Api({
    rpc,
    signatureProvider: new JsSignatureProvider(privateKeys),
    chainId: DEVCHAIN_CHAIN_ID,
    textEncoder: new TextEncoder(),
    textDecoder: new TextDecoder(),
  })
}

/** The payout account pays carol.wam in FERN through eosjs's own Api.transact. */
const payCarol = (api: Api, quantity: string, memo: string) =>
  api.transact(
    {
      actions: [
        {
          account: 'fern.token',
          name: 'transfer',
          authorization: [{ actor: PAYOUT_ACCOUNT, permission: 'active' }],
          data: { from: PAYOUT_ACCOUNT, to: 'carol.wam', quantity, memo },
        },
      ],
    },
    { blocksBehind: 3, expireSeconds: 60 },
  )

describe('eosjs, a client nobody here wrote', () => {
  it('pushes a transfer with its own Api.transact (get_required_keys, get_raw_code_and_abi, push_transaction)', async () => {
    const before = await balanceOf(testChain.client, 'fern.token', 'carol.wam', 'FERN')
    const api = eosjsFor([PAYOUT_PRIVATE_KEY, DEV_WALLET_PRIVATE_KEY])
    const result = (await payCarol(api, '3.0000 FERN', 'eosjs')) as {
      processed: { receipt: { status: string } }
    }
    expect(result.processed.receipt.status).toBe('executed')
    expect(before).toBe('none')
    expect(await balanceOf(testChain.client, 'fern.token', 'carol.wam', 'FERN')).toBe('3.0000 FERN')
  })

  it('sees the contract’s own assertion as an RpcError in nodeos’ shape', async () => {
    const api = eosjsFor([PAYOUT_PRIVATE_KEY])
    const refused = await payCarol(api, '1.00 FERN', '').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(RpcError)
    const { json } = refused as RpcError
    expect(json.error.name).toBe('eosio_assert_message_exception')
    expect(json.error.details[0].message).toBe(
      'assertion failure with message: symbol precision mismatch',
    )
  })
})

describe('get_required_keys', () => {
  const transfer = (actor: string) => ({
    expiration: '2030-01-01T00:00:00',
    ref_block_num: 1,
    ref_block_prefix: 0,
    actions: [
      {
        account: 'eosio.token',
        name: 'transfer',
        authorization: [{ actor, permission: 'active' }],
        data: '00',
      },
    ],
  })

  it('picks, among the keys offered, those the declared authorities need (legacy form)', async () => {
    const devWalletKey = 'PUB_K1_5wkPu7GfVB3gXPrBnAPeoTS3FZpUogqTazcFxDq4N8k2QMMBhR'
    const response = await postRaw<{ required_keys: string[] }>(
      `${testChain.devchain.url}/v1/chain/get_required_keys`,
      JSON.stringify({
        transaction: transfer('alice.wam'),
        available_keys: [devWalletKey, 'EOS7duufX3fHjx5KbAA4Uq9DBZVRain7CNvwj93SxFKEZc1rzDsMa'],
      }),
    )
    expect(response.status).toBe(200)
    expect(response.json.required_keys).toEqual([
      'EOS5wkPu7GfVB3gXPrBnAPeoTS3FZpUogqTazcFxDq4N8k2PAukeU',
    ])
  })

  it('refuses keys that cannot satisfy an authority with unsatisfied_authorization', async () => {
    const response = await postRaw(
      `${testChain.devchain.url}/v1/chain/get_required_keys`,
      JSON.stringify({
        transaction: transfer('bob.wam'),
        available_keys: ['EOS7duufX3fHjx5KbAA4Uq9DBZVRain7CNvwj93SxFKEZc1rzDsMa'],
      }),
    )
    expect(response.status).toBe(401)
    expect(response.json.error.name).toBe('unsatisfied_authorization')
    expect(response.json.error.details[0].message).toBe(
      `transaction declares authority '{"actor":"bob.wam","permission":"active"}', but does not have signatures for it.`,
    )
  })
})

describe('unknown paths under a mount point', () => {
  it('are matched by the node API and answered 404 "Unknown Endpoint", whatever guards the site', async () => {
    const chain = await createDevchain()
    const site = Fastify()
    const matched: (string | undefined)[] = []
    // A site's own guard, like the Fernwood server's, decides by the route that matched.
    site.addHook('onRequest', async (request, reply) => {
      matched.push(request.routeOptions.url)
      if (!request.routeOptions.url?.startsWith('/devchain/')) {
        return reply.code(403).send({ refused: true })
      }
    })
    await site.register(chain.plugin, { prefix: '/devchain' })
    const response = await site.inject({
      method: 'POST',
      url: '/devchain/v1/chain/get_block_header_state',
      payload: '{"block_num_or_id":1}',
    })
    await site.close()
    await chain.close()
    expect(matched).toEqual(['/devchain/*'])
    expect(response.statusCode).toBe(404)
    expect(response.json().message).toBe('Not Found')
    expect(response.json().error.details[0].message).toBe('Unknown Endpoint')
  })
})
