import { type APIClient, APIError, PackedTransaction } from '@wharfkit/antelope'
import { LRUCache } from 'lru-cache'
import pRetry from 'p-retry'
import pTimeout from 'p-timeout'
import type { ChainConnection } from '../chain/chain-connection.ts'
import { assetsMintedIn } from './nft-actions.ts'
import type { Payout } from './repository.ts'
import {
  type AccountResources,
  PayoutResourcesExhausted,
  type ResourceUse,
  resourceRefusedFor,
} from './resource-pause.ts'
import type { PackedTransactionJson } from './signer.ts'

// nodeos error codes the payout logic must tell apart.
const DUPLICATE_TRANSACTION = 3040008
const EXPIRED_TRANSACTION = 3040005
/** Refusals that sending the same transaction again cannot change: an operator must act. */
const PERMANENT_REFUSALS = new Set([
  3010010, // invalid packed transaction
  3040000, // an account the transfer names does not exist
  3050000, // the contract refuses the action
  3050003, // a contract check failed, e.g. 'overdrawn balance'
  3090003, // the key does not satisfy the payout permission
  3090004, // missing authority
])

export type BroadcastOutcome =
  /**
   * the node executed it (in this block, of this time, when it says), or already had it: not
   * yet final, since until its block is irreversible a fork can still lose it
   */
  | { landed: true; blockNum: number | null; blockTimeMs: number | null }
  /** the node refused it and will refuse it again: needs an operator */
  | { landed: false; error: string }

/** What a payout's finality check needs: the signed transfer and where a node said it went. */
export type PayoutOnChain = Pick<Payout, 'transactionId' | 'packed' | 'expiresAt' | 'blockNum'>

export type Finality =
  /** in an irreversible block: it can never be taken back */
  | { state: 'irreversible'; blockNum: number }
  /** executed, in a block not yet irreversible (or a node's pending one): wait `blocksToGo` */
  | { state: 'reversible'; blockNum: number | null; blocksToGo: number }
  /** in no irreversible block, and the chain may still take it: send it again */
  | { state: 'unseen' }
  /** in no irreversible block, and its expiry is irreversible: it never will be */
  | { state: 'never' }

/** get_transaction_status as nodeos answers it (block fields only once in a block). */
interface TransactionStatus {
  state: string
  block_number?: number
  head_number: number
  irreversible_number: number
}

/** What the payouts read of get_info. */
interface NodeInfo {
  head_block_num: number
  head_block_time: string
  last_irreversible_block_num: number
  last_irreversible_block_time?: string
}

interface ChainBlock {
  timeMs: number
  transactionIds: string[]
}

// Counted in transaction ids, not blocks: a WAX block can carry hundreds.
const KEPT_BLOCK_TRANSACTIONS = 50_000
/** Minted assets remembered from the mints' traces: minutes of a busy worker's mints. */
const KEPT_MINTED_ASSETS = 50_000

type SendTransactionResponse = Awaited<ReturnType<APIClient['v1']['chain']['send_transaction']>>
/**
 * A block read that fails is tried again at once, twice, before the look fails: a look reads a
 * hundred blocks and more, and a failed look waits out the worker's backoff (up to five minutes)
 * before the next. Not one that found no answer in time: three timeouts on one block would hold
 * a batch for three times CHAIN_TIMEOUT_MS, on a lease nobody renews.
 */
const BLOCK_READ_RETRIES = {
  retries: 2,
  minTimeout: 50,
  shouldRetry: ({ error }: { error: Error }) => !(error instanceof NoAnswerInTime),
}

export class ChainUnavailable extends Error {
  override name = 'ChainUnavailable'
}

class NoAnswerInTime extends ChainUnavailable {}

/** The payout's view of a chain node: send, tell finality, and read balances, with a timeout. */
export class PayoutChainNode {
  /** set once the node answered that it has no get_transaction_status */
  #withoutTransactionStatus = false
  /** how many blocks the last irreversible one trailed the head when the node last said */
  #finalityLag: number | undefined
  /**
   * Irreversible blocks already read. A look for a lost transfer reads every block it could be
   * in, and a read that fails even when tried again fails the look: kept, they are read once, so
   * the next look goes on where the last one failed, and a later look for another payout in the
   * same blocks finds them here. Irreversible blocks never change, so none is ever stale.
   */
  readonly #irreversibleBlocks = new LRUCache<number, ChainBlock>({
    maxSize: KEPT_BLOCK_TRANSACTIONS,
    sizeCalculation: (block) => block.transactionIds.length + 1,
  })

  /**
   * The asset each reward's mint made when the node executed it for this worker's send, by
   * reward id: where the worker looks first once the mint is irreversible (findMintedAssets).
   * The block may have numbered it otherwise (other mints before it, a fork), and a restarted
   * worker knows none: those are searched for.
   */
  readonly #mintedAssets = new LRUCache<string, string>({ max: KEPT_MINTED_ASSETS })

  constructor(
    private readonly chain: ChainConnection,
    private readonly timeoutMs: number,
  ) {}

  /** The asset a reward's mint made as this node executed it, if it sent the mint. */
  mintedAssetOf(rewardId: string): string | undefined {
    return this.#mintedAssets.get(rewardId)
  }

  /**
   * Sends a signed transaction. The node's "duplicate transaction" means an earlier send of
   * these very bytes was executed, which is as good as executing now; an expired one is left to
   * the finality check. The payout account out of CPU, NET or RAM throws
   * PayoutResourcesExhausted: no transfer's fault, payouts pause. Anything else not permanent
   * (node down, slow, 5xx) throws to be retried.
   */
  async send(packed: PackedTransactionJson): Promise<BroadcastOutcome> {
    let response: SendTransactionResponse
    try {
      response = await this.#withTimeout(
        this.chain.client.v1.chain.send_transaction(PackedTransaction.from(packed)),
      )
    } catch (error) {
      const code = nodeErrorCode(error)
      if (code === DUPLICATE_TRANSACTION) return { landed: true, blockNum: null, blockTimeMs: null }
      const resource = resourceRefusedFor(code)
      if (resource) throw new PayoutResourcesExhausted(resource, describe(error))
      if (code !== undefined && PERMANENT_REFUSALS.has(code)) {
        return { landed: false, error: describe(error) }
      }
      if (code === EXPIRED_TRANSACTION) throw new ChainUnavailable('the transaction expired unsent')
      throw new ChainUnavailable(describe(error))
    }
    const processed = response.processed as
      | { block_num?: unknown; block_time?: unknown; action_traces?: unknown }
      | undefined
    for (const [rewardId, assetId] of assetsMintedIn(processed?.action_traces)) {
      this.#mintedAssets.set(rewardId, assetId)
    }
    const blockNum = processed?.block_num
    const blockTime = processed?.block_time
    return {
      landed: true,
      blockNum: typeof blockNum === 'number' ? blockNum : null,
      blockTimeMs: typeof blockTime === 'string' ? chainTimeOrNull(blockTime) : null,
    }
  }

  /**
   * Where a sent transfer stands, read from the chain API alone (never a history plugin):
   * the node's get_transaction_status where it has one, else the blocks themselves, checked
   * against the last irreversible block. Throws when the chain cannot tell now.
   */
  async finalityOf(payout: PayoutOnChain): Promise<Finality> {
    const status = await this.#transactionStatus(payout.transactionId)
    if (status?.state === 'IRREVERSIBLE' && status.block_number !== undefined) {
      return { state: 'irreversible', blockNum: status.block_number }
    }
    if (status && (status.state === 'IN_BLOCK' || status.state === 'LOCALLY_APPLIED')) {
      const blockNum = status.block_number ?? null
      return {
        state: 'reversible',
        blockNum,
        blocksToGo: (blockNum ?? status.head_number) - status.irreversible_number,
      }
    }
    // Any other answer (UNKNOWN, FORKED_OUT, FAILED, none) proves nothing: a node forgets what it
    // tracked and may sit behind a load balancer with others. The blocks themselves decide.
    const info = await this.getInfo()
    const lastIrreversible = Number(info.last_irreversible_block_num)
    const hint = payout.blockNum
    if (hint !== null && hint > lastIrreversible) {
      return { state: 'reversible', blockNum: hint, blocksToGo: hint - lastIrreversible }
    }
    const expiryIrreversible =
      chainTimeOf(info.last_irreversible_block_time ?? info.head_block_time) >
      payout.expiresAt.getTime()
    const found = await this.#findInIrreversibleBlocks(payout, lastIrreversible, expiryIrreversible)
    if (found !== undefined) return { state: 'irreversible', blockNum: found }
    return { state: expiryIrreversible ? 'never' : 'unseen' }
  }

  /**
   * How many blocks irreversibility trailed the head when the node last said (a finality check,
   * or `getInfo`): undefined until it has.
   */
  get finalityLag(): number | undefined {
    return this.#finalityLag
  }

  #heard(head: unknown, irreversible: unknown): void {
    const lag = Number(head) - Number(irreversible)
    if (Number.isInteger(lag) && lag >= 0) this.#finalityLag = lag
  }

  /** The node's view of a transaction, or undefined when it does not serve the endpoint. */
  async #transactionStatus(transactionId: string): Promise<TransactionStatus | undefined> {
    if (this.#withoutTransactionStatus) return undefined
    try {
      const status = await this.#withTimeout(
        this.chain.client.call<TransactionStatus>({
          path: '/v1/chain/get_transaction_status',
          params: { id: transactionId },
        }),
      )
      this.#heard(status.head_number, status.irreversible_number)
      return status
    } catch (error) {
      // nodeos without the finality status feature has no such endpoint: 404 "Unknown Endpoint".
      if (error instanceof APIError && error.response.status === 404) {
        this.#withoutTransactionStatus = true
        return undefined
      }
      throw new ChainUnavailable(describe(error))
    }
  }

  /**
   * The irreversible block holding the transaction, if any: the block a node named first and
   * those after it, then, once its expiry is irreversible (to prove it is in none), every block
   * it could be in: after the block its TAPOS names, before its expiry. Until then a miss is only
   * "not yet", and the transfer is sent again instead.
   */
  async #findInIrreversibleBlocks(
    payout: PayoutOnChain,
    lastIrreversible: number,
    expiryIrreversible: boolean,
  ): Promise<number | undefined> {
    const transaction = PackedTransaction.from(payout.packed).getTransaction()
    const referenced = Number(transaction.ref_block_num)
    // TAPOS names the block by its low 16 bits; the transaction sits in a later block.
    const lowest = lastIrreversible - ((lastIrreversible - referenced) & 0xffff) + 1
    const hint = payout.blockNum
    const start = hint !== null && hint >= lowest && hint <= lastIrreversible ? hint : lowest
    // Up from the block the node named (where it nearly always is), until past the expiry...
    for (let num = start; num <= lastIrreversible; num++) {
      const block = await this.#irreversibleBlock(num)
      if (block.transactionIds.includes(payout.transactionId)) return num
      if (block.timeMs > payout.expiresAt.getTime()) break
    }
    if (!expiryIrreversible) return undefined
    // ...then down to the block after the one its TAPOS names.
    for (let num = start - 1; num >= lowest; num--) {
      const block = await this.#irreversibleBlock(num)
      if (block.transactionIds.includes(payout.transactionId)) return num
    }
    return undefined
  }

  async #irreversibleBlock(num: number): Promise<ChainBlock> {
    const kept = this.#irreversibleBlocks.get(num)
    if (kept) return kept
    const block = await pRetry(() => this.#block(num), BLOCK_READ_RETRIES)
    this.#irreversibleBlocks.set(num, block)
    return block
  }

  async #block(num: number): Promise<ChainBlock> {
    try {
      const block = await this.#withTimeout(
        this.chain.client.call<{
          timestamp: string
          transactions: { trx: string | { id: string } }[]
        }>({ path: '/v1/chain/get_block', params: { block_num_or_id: num } }),
      )
      return {
        timeMs: chainTimeOf(block.timestamp),
        transactionIds: block.transactions.map(({ trx }) =>
          typeof trx === 'string' ? trx : trx.id,
        ),
      }
    } catch (error) {
      throw error instanceof ChainUnavailable ? error : new ChainUnavailable(describe(error))
    }
  }

  async getInfo(): Promise<NodeInfo> {
    try {
      const info = await this.#withTimeout(
        this.chain.client.call<NodeInfo>({ path: '/v1/chain/get_info' }),
      )
      this.#heard(info.head_block_num, info.last_irreversible_block_num)
      return info
    } catch (error) {
      throw new ChainUnavailable(describe(error))
    }
  }

  async balanceOf(account: string, tokenContract: string, symbol: string): Promise<string> {
    const balances = await this.#withTimeout(
      this.chain.client.v1.chain.get_currency_balance(tokenContract, account, symbol),
    )
    return balances.length > 0 ? String(balances[0]) : `0 ${symbol}`
  }

  /** An account's CPU, NET and RAM, as get_account reports them. */
  async resourcesOf(account: string): Promise<AccountResources> {
    try {
      const answer = await this.#withTimeout(
        this.chain.client.call<{
          ram_quota: number
          ram_usage: number
          cpu_limit: ResourceUse
          net_limit: ResourceUse
        }>({ path: '/v1/chain/get_account', params: { account_name: account } }),
      )
      const limit = ({ used, available, max }: ResourceUse) => ({
        used: Number(used),
        available: Number(available),
        max: Number(max),
      })
      const ramQuota = Number(answer.ram_quota)
      const ramUsage = Number(answer.ram_usage)
      return {
        cpu: limit(answer.cpu_limit),
        net: limit(answer.net_limit),
        ram: {
          used: ramUsage,
          available: ramQuota < 0 ? -1 : Math.max(0, ramQuota - ramUsage),
          max: ramQuota,
        },
      }
    } catch (error) {
      throw new ChainUnavailable(describe(error))
    }
  }

  /** A read of the node's own (a contract's tables), given up as unavailable after the timeout. */
  read<T>(work: (client: APIClient) => Promise<T>): Promise<T> {
    return this.#withTimeout(work(this.chain.client))
  }

  /**
   * A read of the node's own in parts (a table's pages) that its caller may stop taking at any
   * part: each part given up as unavailable after the timeout.
   */
  async *readInParts<T>(read: (client: APIClient) => AsyncIterable<T>): AsyncIterable<T> {
    const parts = read(this.chain.client)[Symbol.asyncIterator]()
    try {
      for (;;) {
        const next = await this.#withTimeout(parts.next())
        if (next.done) return
        yield next.value
      }
    } finally {
      // Not awaited: after a timeout, it would wait on the read that never answered.
      parts.return?.().catch(() => undefined)
    }
  }

  #withTimeout<T>(work: Promise<T>): Promise<T> {
    return pTimeout(work, {
      milliseconds: this.timeoutMs,
      message: new NoAnswerInTime(`no answer from the chain in ${this.timeoutMs} ms`),
    })
  }
}

/** nodeos writes UTC times without a zone; Date.parse would read them as local time. */
function chainTimeOf(time: string): number {
  const ms = Date.parse(/(Z|[+-]\d\d:\d\d)$/.test(time) ? time : `${time}Z`)
  if (Number.isNaN(ms)) throw new ChainUnavailable(`unreadable chain time ${time}`)
  return ms
}

/** A block time the node wrote, or null when it is unreadable: it only tunes a wait. */
function chainTimeOrNull(time: string): number | null {
  try {
    return chainTimeOf(time)
  } catch {
    return null
  }
}

function nodeErrorCode(error: unknown): number | undefined {
  return error instanceof APIError && error.error ? Number(error.error.code) : undefined
}

function describe(error: unknown): string {
  if (error instanceof APIError) {
    const detail = error.details?.[0]?.message
    return detail ? `${error.message}: ${detail}` : error.message
  }
  return error instanceof Error ? error.message : String(error)
}
