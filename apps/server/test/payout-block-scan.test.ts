import { createDevchain } from '@fernwood/devchain'
import { APIClient, PackedTransaction } from '@wharfkit/antelope'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChainConnection } from '../src/chain/chain-connection.ts'
import { embedDevchain, type OpenedChain } from '../src/chain/open-chain.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { ChainUnavailable, PayoutChainNode, type PayoutOnChain } from '../src/payouts/chain-node.ts'
import { payoutAccountFrom } from '../src/payouts/settings.ts'
import { WharfkitPayoutSigner } from '../src/payouts/signer.ts'
import { eventually } from './support/rewards.ts'
import { nodeWithout } from './support/worker.ts'

let opened: OpenedChain
let chain: ChainConnection
/** A paid transfer as the worker knows one whose send went unanswered: in no block it knows of. */
let unanswered: PayoutOnChain
let blockNum: number

beforeAll(async () => {
  opened = await embedDevchain(await createDevchain({ blockIntervalMs: 20, irreversibleLag: 3 }))
  chain = opened.connection
  // Some blocks in, so that the one TAPOS names is not the chain's first.
  await eventually(
    () => chain.client.v1.chain.get_info(),
    (info) => Number(info.last_irreversible_block_num) > 10,
  )
  const payer = payoutAccountFrom(readEnvironment({}))
  const paid = await new WharfkitPayoutSigner(chain, payer, {
    expireSeconds: 60,
    timeoutMs: 2000,
  }).sign([
    { tokenContract: 'fern.token', to: 'alice.wam', quantity: '1.0000 FERN', memo: 'block scan' },
  ])
  expect(await new PayoutChainNode(chain, 2000).send(paid.packed)).toMatchObject({ landed: true })
  const status = await eventually(
    () =>
      chain.client.call<{ state: string; block_number: number }>({
        path: '/v1/chain/get_transaction_status',
        params: { id: paid.transactionId },
      }),
    (status) => status.state === 'IRREVERSIBLE',
  )
  blockNum = status.block_number
  unanswered = { ...paid, blockNum: null }
})
afterAll(() => opened.close())

type BlockAnswer = 'block' | 'error' | 'silence'

/**
 * A node without get_transaction_status, as many are, so that only the blocks tell where a
 * transfer went, answering within `timeoutMs`; it records each block read, and answers it as
 * `answer` says, given its number (1 for the first read): the block, a 500, or nothing.
 */
function blockReadingNode(answer: (read: number) => BlockAnswer = () => 'block', timeoutMs = 2000) {
  const { connection } = nodeWithout(chain, /get_transaction_status$/)
  const reads: number[] = []
  const readBlocks: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    if (new URL(request.url).pathname === '/v1/chain/get_block') {
      const { block_num_or_id } = (await request.clone().json()) as { block_num_or_id: number }
      reads.push(block_num_or_id)
      const answered = answer(reads.length)
      if (answered === 'error') {
        return Response.json({ code: 500, message: 'Internal Service Error' }, { status: 500 })
      }
      if (answered === 'silence') return new Promise<Response>(() => {})
    }
    return connection.fetch(request)
  }
  const client = new APIClient({ url: chain.apiUrl, fetch: readBlocks })
  const node = new PayoutChainNode({ ...connection, fetch: readBlocks, client }, timeoutMs)
  return { node, reads }
}

describe('looking for a transfer in the blocks', () => {
  let toFind: number[]
  beforeAll(async () => {
    const { node, reads } = blockReadingNode()
    expect(await node.finalityOf(unanswered)).toEqual({ state: 'irreversible', blockNum })
    toFind = reads
  })

  it('reads up from the block after the one its TAPOS names to the block holding it', () => {
    const { ref_block_num } = PackedTransaction.from(unanswered.packed).getTransaction()
    expect(toFind[0] & 0xffff).toBe((Number(ref_block_num) + 1) & 0xffff)
    expect(toFind.length).toBeGreaterThan(1)
    expect(toFind).toEqual(toFind.map((_, index) => toFind[0] + index))
    expect(toFind.at(-1)).toBe(blockNum)
  })

  it('a block whose read fails once is read again at once, and the look goes on', async () => {
    const { node, reads } = blockReadingNode((read) => (read === 2 ? 'error' : 'block'))
    expect(await node.finalityOf(unanswered)).toEqual({ state: 'irreversible', blockNum })
    expect(reads).toEqual([toFind[0], toFind[1], ...toFind.slice(1)])
  })

  it('a block no read of which answers fails the look, and the next look reads only that block', async () => {
    // Every read of the block holding the transfer fails, until the look has failed.
    const last = toFind.length
    const { node, reads } = blockReadingNode((read) =>
      read >= last && read < last + 3 ? 'error' : 'block',
    )

    await expect(node.finalityOf(unanswered)).rejects.toBeInstanceOf(ChainUnavailable)
    expect(reads).toEqual([...toFind, blockNum, blockNum])
    expect(await node.finalityOf(unanswered)).toEqual({ state: 'irreversible', blockNum })
    expect(reads).toEqual([...toFind, blockNum, blockNum, blockNum])
  })

  it('a block read that finds no answer in time is not made again at once: the look fails', async () => {
    const last = toFind.length
    // Long enough that the reads which do answer never reach it on a machine busy with other files.
    const { node, reads } = blockReadingNode((read) => (read === last ? 'silence' : 'block'), 1000)

    await expect(node.finalityOf(unanswered)).rejects.toThrow('no answer from the chain in 1000 ms')
    expect(reads).toEqual(toFind)
  })
})
