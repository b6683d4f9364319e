import { createDevchain } from '@fernwood/devchain'
import { APIClient, PackedTransaction } from '@wharfkit/antelope'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChainConnection } from '../src/chain/chain-connection.ts'
import { embedDevchain, type OpenedChain } from '../src/chain/open-chain.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { PayoutChainNode } from '../src/payouts/chain-node.ts'
import { payoutAccountFrom } from '../src/payouts/settings.ts'
import {
  type PackedTransactionJson,
  type PayoutAction,
  WharfkitPayoutSigner,
} from '../src/payouts/signer.ts'

let opened: OpenedChain
let chain: ChainConnection

beforeAll(async () => {
  opened = await embedDevchain(await createDevchain())
  chain = opened.connection
})
afterAll(() => opened.close())

/**
 * The devchain as the signer reaches it, counting its reads of the chain's head, and failing
 * the next `failReads` of them with a 500, or leaving the next `unansweredReads` unanswered, as
 * a node in trouble does.
 */
function countingChain() {
  const heads = { read: 0, failReads: 0, unansweredReads: 0 }
  const counting: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    if (new URL(request.url).pathname === '/v1/chain/get_info') {
      heads.read += 1
      if (heads.failReads > 0) {
        heads.failReads -= 1
        return Response.json({ code: 500, message: 'Internal Service Error' }, { status: 500 })
      }
      if (heads.unansweredReads > 0) {
        heads.unansweredReads -= 1
        return new Promise<Response>(() => {})
      }
    }
    return chain.fetch(request)
  }
  const connection: ChainConnection = {
    ...chain,
    fetch: counting,
    client: new APIClient({ url: chain.apiUrl, fetch: counting }),
  }
  return { connection, heads }
}

const signerFor = (connection: ChainConnection, timeoutMs = 2000) =>
  new WharfkitPayoutSigner(connection, payoutAccountFrom(readEnvironment({})), {
    expireSeconds: 60,
    timeoutMs,
  })

const transfer = (memo: string): PayoutAction => ({
  tokenContract: 'fern.token',
  to: 'alice.wam',
  quantity: '0.0001 FERN',
  memo,
})

const headerOf = (packed: PackedTransactionJson) => {
  const { expiration, ref_block_num, ref_block_prefix } =
    PackedTransaction.from(packed).getTransaction()
  return { expiration: String(expiration), ref_block_num, ref_block_prefix }
}

describe("the payout signer's transaction headers", () => {
  it('reads the chain head once for the transactions of one block, and those transactions land', async () => {
    const { connection, heads } = countingChain()
    const signer = signerFor(connection)
    const signed = await Promise.all(
      ['one', 'two', 'three'].map((memo) => signer.sign([transfer(`head once ${memo}`)])),
    )
    expect(heads.read).toBe(1)
    expect(new Set(signed.map((payout) => JSON.stringify(headerOf(payout.packed)))).size).toBe(1)
    expect(new Set(signed.map((payout) => payout.transactionId)).size).toBe(3)
    const node = new PayoutChainNode(chain, 2000)
    for (const payout of signed) {
      expect(await node.send(payout.packed)).toMatchObject({ landed: true })
    }
  })

  it('reads the head again a block later, for a header that expires later', async () => {
    const { connection, heads } = countingChain()
    const signer = signerFor(connection)
    const first = await signer.sign([transfer('a block later, first')])
    // Past the half-second a head serves, and past the devchain's next block.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const later = await signer.sign([transfer('a block later, second')])
    expect(heads.read).toBe(2)
    expect(later.expiresAt.getTime()).toBeGreaterThan(first.expiresAt.getTime())
    expect(await new PayoutChainNode(chain, 2000).send(later.packed)).toMatchObject({
      landed: true,
    })
  })

  it('keeps no failed read: the next transaction reads the head again and is signed', async () => {
    const { connection, heads } = countingChain()
    heads.failReads = 1
    const signer = signerFor(connection)
    await expect(signer.sign([transfer('after a failed read, first')])).rejects.toThrow()
    const signed = await signer.sign([transfer('after a failed read, second')])
    expect(heads.read).toBe(2)
    expect(await new PayoutChainNode(chain, 2000).send(signed.packed)).toMatchObject({
      landed: true,
    })
  })

  it('gives up an unanswered read in time: the transactions waiting on it fail, and the next reads again', async () => {
    const { connection, heads } = countingChain()
    heads.unansweredReads = 1
    const signer = signerFor(connection, 200)
    const waiting = ['one', 'two'].map((memo) => signer.sign([transfer(`unanswered ${memo}`)]))
    await Promise.all(
      waiting.map((signed) =>
        expect(signed).rejects.toThrow('no chain head from the node in 200 ms'),
      ),
    )
    const signed = await signer.sign([transfer('after an unanswered read')])
    expect(heads.read).toBe(2)
    expect(await new PayoutChainNode(chain, 2000).send(signed.packed)).toMatchObject({
      landed: true,
    })
  })
})
