import { APIError, PackedTransaction } from '@wharfkit/antelope'
import type { ChainConnection } from '../chain/chain-connection.ts'
import type { PackedTransactionJson } from './signer.ts'

// nodeos error codes the payout logic must tell apart.
const DUPLICATE_TRANSACTION = 3040008
const EXPIRED_TRANSACTION = 3040005
const TRANSACTION_NOT_FOUND = 3040011
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
  /** the node executed it now, in this block */
  | { landed: true; blockNum: number | null }
  /** the node refused it and will refuse it again: needs an operator */
  | { landed: false; error: string }

export class ChainUnavailable extends Error {
  override name = 'ChainUnavailable'
}

/** The payout's view of a chain node: send, look up by id, and tell the chain's time. */
export class PayoutChainNode {
  constructor(
    private readonly chain: ChainConnection,
    private readonly timeoutMs: number,
  ) {}

  /**
   * Sends a signed transaction. The node's "duplicate transaction" means an earlier send of
   * these very bytes landed, which is as good as landing now; an expired one is left to
   * reconciliation. Anything else not permanent (node down, slow, 5xx) throws to be retried.
   */
  async send(packed: PackedTransactionJson): Promise<BroadcastOutcome> {
    try {
      const response = await this.#withTimeout(
        this.chain.client.v1.chain.send_transaction(PackedTransaction.from(packed)),
      )
      const blockNum = (response.processed as { block_num?: unknown } | undefined)?.block_num
      return { landed: true, blockNum: typeof blockNum === 'number' ? blockNum : null }
    } catch (error) {
      const code = nodeErrorCode(error)
      if (code === DUPLICATE_TRANSACTION) return { landed: true, blockNum: null }
      if (code !== undefined && PERMANENT_REFUSALS.has(code)) {
        return { landed: false, error: describe(error) }
      }
      if (code === EXPIRED_TRANSACTION) throw new ChainUnavailable('the transaction expired unsent')
      throw new ChainUnavailable(describe(error))
    }
  }

  /** Whether a transaction is in a block, by id (the history API); throws when unsure. */
  async isOnChain(transactionId: string): Promise<boolean> {
    try {
      await this.#withTimeout(
        this.chain.client.call({
          path: '/v1/history/get_transaction',
          params: { id: transactionId },
        }),
      )
      return true
    } catch (error) {
      if (nodeErrorCode(error) === TRANSACTION_NOT_FOUND) return false
      throw new ChainUnavailable(describe(error))
    }
  }

  /**
   * Whether the chain can no longer include a transaction expiring at `expiresAt`: its last
   * irreversible block is past that time, so it is in a block now or never will be.
   */
  async hasPassed(expiresAt: Date): Promise<boolean> {
    const info = await this.getInfo()
    const time = info.last_irreversible_block_time ?? info.head_block_time
    // nodeos writes UTC times without a zone; Date.parse would read them as local time.
    const chainTime = Date.parse(/(Z|[+-]\d\d:\d\d)$/.test(time) ? time : `${time}Z`)
    if (Number.isNaN(chainTime)) throw new ChainUnavailable(`unreadable chain time ${time}`)
    return chainTime > expiresAt.getTime()
  }

  async getInfo(): Promise<{ head_block_time: string; last_irreversible_block_time?: string }> {
    try {
      return await this.#withTimeout(this.chain.client.call({ path: '/v1/chain/get_info' }))
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

  async #withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ChainUnavailable(`no answer from the chain in ${this.timeoutMs} ms`)),
        this.timeoutMs,
      )
    })
    try {
      return await Promise.race([work, timeout])
    } finally {
      clearTimeout(timer)
    }
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
