import pTimeout from 'p-timeout'
import { assetsHeldBy } from '../nfts/held-assets.ts'
import type { ChainConnection } from './chain-connection.ts'

/** An asset an account holds, as rules ask about it: its id, collection, schema and template. */
export interface HeldAsset {
  id: string
  collection: string
  schema: string
  /** -1 for an asset minted without a template, as AtomicAssets records it */
  template: number
}

/** The chain did not answer a read (down, slow, an error): asking again later may succeed. */
export class HoldingsUnavailable extends Error {
  override name = 'HoldingsUnavailable'
}

/**
 * How long the server reuses a chain answer: 10 s covers a wallet's burst of claims and a retry,
 * and is short enough that a visitor who buys the token or NFT and tries again is let in at once
 * in practice. Answers are per account, so it does not make one wallet's check another's.
 */
export const HOLDINGS_CACHE_MS = 10_000

export interface AccountHoldingsOptions {
  /** how long an answer is reused for the same account and question */
  cacheMs: number
  /** how long a read may take before it counts as the node's failure */
  timeoutMs: number
  /** answers kept at most: the oldest go first */
  cacheSize?: number
}

/**
 * What an account holds and how old it is, read from the chain for eligibility rules, each
 * answer kept `cacheMs`: a wallet's burst of claims (several codes at one booth, a retried
 * request) then costs the node one read, while a visitor who has just bought the token or NFT
 * is seen at their next try seconds later. An account's creation time never changes and is
 * kept as long as the cache keeps anything. Concurrent asks of one question share one read; a
 * failed read is not kept, so the next ask tries the node again.
 */
export class AccountHoldings {
  readonly #answers = new Map<string, { until: number; answer: Promise<unknown> }>()

  constructor(
    private readonly chain: ChainConnection,
    private readonly options: AccountHoldingsOptions,
  ) {}

  /**
   * The account's balances of the tokens `contract` issues, by symbol, as the node renders them
   * ('FERN' → '12.5000'): one read answers every condition on that contract.
   */
  balances(account: string, contract: string): Promise<ReadonlyMap<string, string>> {
    return this.#cached(`balances:${account}:${contract}`, this.options.cacheMs, async () => {
      const balances = await this.chain.client.v1.chain.get_currency_balance(contract, account)
      return new Map(
        balances.map((balance) => {
          const [amount, symbol] = String(balance).split(' ')
          return [symbol, amount]
        }),
      )
    })
  }

  /**
   * The account's AtomicAssets assets, by asset id: one reading of its table answers every NFT
   * condition of a campaign's rules, and one claim per NFT takes its asset among them, so a rule
   * and the assets it counts never disagree.
   */
  heldAssets(account: string): Promise<readonly HeldAsset[]> {
    return this.#cached(`assets:${account}`, this.options.cacheMs, async () => {
      const assets: HeldAsset[] = []
      for await (const asset of assetsHeldBy(this.chain.client, account)) {
        assets.push({
          id: String(asset.asset_id),
          collection: asset.collection_name,
          schema: asset.schema_name,
          template: Number(asset.template_id),
        })
      }
      return assets
    })
  }

  /** When the account was created, in milliseconds since 1970. */
  createdAt(account: string): Promise<number> {
    return this.#cached(`created:${account}`, Number.POSITIVE_INFINITY, async () => {
      const info = await this.chain.client.v1.chain.get_account(account)
      return info.created.toMilliseconds()
    })
  }

  #cached<T>(key: string, keepMs: number, read: () => Promise<T>): Promise<T> {
    const now = Date.now()
    const kept = this.#answers.get(key)
    if (kept && kept.until > now) return kept.answer as Promise<T>
    const answer = this.#withTimeout(read())
    this.#answers.delete(key)
    this.#answers.set(key, { until: now + keepMs, answer })
    answer.catch(() => {
      if (this.#answers.get(key)?.answer === answer) this.#answers.delete(key)
    })
    const size = this.options.cacheSize ?? 10_000
    for (const oldest of this.#answers.keys()) {
      if (this.#answers.size <= size) break
      this.#answers.delete(oldest)
    }
    return answer
  }

  async #withTimeout<T>(read: Promise<T>): Promise<T> {
    const { timeoutMs } = this.options
    try {
      return await pTimeout(read, {
        milliseconds: timeoutMs,
        message: `no answer from the chain in ${timeoutMs} ms`,
      })
    } catch (error) {
      throw new HoldingsUnavailable(error instanceof Error ? error.message : String(error))
    }
  }
}
