import { PublicKey } from '@wharfkit/antelope'
import type { Authority } from './authority'
import { type Block, BlockLog } from './blocks'
import type { DevchainSeed } from './seed'
import { parseAsset, type TokenLedger, type TokenStat } from './token-contract'

export interface AccountRecord {
  name: string
  createdMs: number
  permissions: { owner: Authority; active: Authority }
}

/** A transaction as it entered the chain: enough to serve get_block, history and /tx pages. */
export interface ExecutedTransaction {
  id: string
  blockNum: number
  blockTimeMs: number
  packed: {
    signatures: string[]
    compression: 'none' | 'zlib'
    packed_context_free_data: string
    packed_trx: string
  }
  /** The transaction as nodeos renders it with the ABI: action data as JSON. */
  transaction: Record<string, unknown>
  receipt: { status: 'executed'; cpu_usage_us: number; net_usage_words: number }
  actionTraces: Record<string, unknown>[]
}

export interface Sequences {
  global: number
  receivers: Record<string, number>
  actors: Record<string, number>
}

/** The persisted form: plain JSON, bigints as decimal strings. */
export interface ChainSnapshot {
  version: 1
  chainId: string
  accounts: AccountRecord[]
  tokens: {
    contract: string
    stats: [string, { supply: string; maxSupply: string; precision: number; issuer: string }][]
    balances: [string, [string, string][]][]
  }[]
  blocks: Block[]
  recentTransactionIds: [string, number][]
  transactions: ExecutedTransaction[]
  sequences: Sequences
}

/**
 * Blocks persisted across a restart: WharfKit signs with a two-minute expiration referencing a
 * recent block, so two minutes of blocks keep every such transaction valid after a restart.
 */
const PERSISTED_BLOCKS = 240

/** nodeos only accepts authorities whose keys are sorted by their binary form. */
function sortedAuthority(authority: Authority): Authority {
  const binary = (key: string) => PublicKey.from(key).data.hexString
  return {
    threshold: authority.threshold,
    keys: [...authority.keys].sort((a, b) => binary(a.key).localeCompare(binary(b.key))),
  }
}

export class ChainState {
  readonly accounts = new Map<string, AccountRecord>()
  readonly tokens = new Map<string, TokenLedger>()
  readonly transactions = new Map<string, ExecutedTransaction>()
  /** Ids of unexpired transactions, with their expiration, for duplicate detection. */
  readonly recentTransactionIds = new Map<string, number>()
  /** Ids executed since the head block, included in the next block. */
  pendingTransactionIds: string[] = []
  /** Ids lost before they became irreversible (see dropTransaction); not persisted. */
  readonly droppedTransactionIds = new Set<string>()
  sequences: Sequences = { global: 0, receivers: {}, actors: {} }
  blocks: BlockLog
  /** Set when something worth persisting changed since the last save. */
  dirty = false

  private constructor(
    readonly chainId: string,
    blocks: BlockLog,
  ) {
    this.blocks = blocks
  }

  static fromSeed(
    seed: DevchainSeed,
    chainId: string,
    nowMs: number,
    irreversibleLag: number,
  ): ChainState {
    const state = new ChainState(chainId, new BlockLog([], nowMs, irreversibleLag))
    for (const account of seed.accounts) {
      state.accounts.set(account.name, {
        name: account.name,
        createdMs: nowMs,
        permissions: {
          owner: sortedAuthority(account.owner),
          active: sortedAuthority(account.active),
        },
      })
    }
    for (const token of seed.tokens) {
      const maximum = parseAsset(token.maxSupply)
      const ledger: TokenLedger = { stats: new Map(), balances: new Map() }
      const stat: TokenStat = {
        supply: 0n,
        maxSupply: maximum.amount,
        precision: maximum.precision,
        issuer: token.issuer,
      }
      for (const [owner, text] of Object.entries(token.balances)) {
        const balance = parseAsset(text)
        if (balance.symbol !== maximum.symbol || balance.precision !== maximum.precision) {
          throw new Error(`seed: balance ${text} of ${owner} does not match ${token.maxSupply}`)
        }
        stat.supply += balance.amount
        ledger.balances.set(owner, new Map([[balance.symbol, balance.amount]]))
      }
      ledger.stats.set(maximum.symbol, stat)
      state.tokens.set(token.contract, ledger)
    }
    return state
  }

  static fromSnapshot(snapshot: ChainSnapshot, nowMs: number, irreversibleLag: number): ChainState {
    const state = new ChainState(
      snapshot.chainId,
      new BlockLog(snapshot.blocks, nowMs, irreversibleLag),
    )
    for (const account of snapshot.accounts) state.accounts.set(account.name, account)
    for (const token of snapshot.tokens) {
      state.tokens.set(token.contract, {
        stats: new Map(
          token.stats.map(([symbol, stat]) => [
            symbol,
            { ...stat, supply: BigInt(stat.supply), maxSupply: BigInt(stat.maxSupply) },
          ]),
        ),
        balances: new Map(
          token.balances.map(([owner, rows]) => [
            owner,
            new Map(rows.map(([symbol, amount]) => [symbol, BigInt(amount)])),
          ]),
        ),
      })
    }
    for (const [id, expiration] of snapshot.recentTransactionIds) {
      state.recentTransactionIds.set(id, expiration)
    }
    for (const transaction of snapshot.transactions) {
      state.transactions.set(transaction.id, transaction)
    }
    state.sequences = snapshot.sequences
    return state
  }

  toSnapshot(): ChainSnapshot {
    return {
      version: 1,
      chainId: this.chainId,
      accounts: [...this.accounts.values()],
      tokens: [...this.tokens].map(([contract, ledger]) => ({
        contract,
        stats: [...ledger.stats].map(([symbol, stat]) => [
          symbol,
          { ...stat, supply: String(stat.supply), maxSupply: String(stat.maxSupply) },
        ]),
        balances: [...ledger.balances].map(([owner, rows]) => [
          owner,
          [...rows].map(([symbol, amount]) => [symbol, String(amount)]),
        ]),
      })),
      blocks: this.blocks.recent(PERSISTED_BLOCKS),
      recentTransactionIds: [...this.recentTransactionIds],
      transactions: [...this.transactions.values()],
      sequences: this.sequences,
    }
  }

  /** Seals the pending transactions into a new block and forgets expired transaction ids. */
  produceBlock(nowMs: number): Block {
    const block = this.blocks.produce(nowMs, this.pendingTransactionIds)
    // A late timer can put the block in a later slot than the one announced at execution.
    for (const id of this.pendingTransactionIds) {
      const executed = this.transactions.get(id)
      if (executed) {
        executed.blockNum = block.num
        executed.blockTimeMs = block.timestampMs
      }
    }
    this.pendingTransactionIds = []
    for (const [id, expiration] of this.recentTransactionIds) {
      if (expiration <= block.timestampMs) this.recentTransactionIds.delete(id)
    }
    return block
  }

  /**
   * Loses a transaction that is not yet irreversible, as a fork or a node that crashed before
   * relaying it would: its transfers are undone, no block holds it, and its id may be sent
   * again. A test hook; only token transfers can be undone.
   */
  dropTransaction(id: string): void {
    const executed = this.transactions.get(id)
    if (!executed) throw new Error(`no transaction ${id} to drop`)
    if (this.blocks.isIrreversible(executed.blockNum)) {
      throw new Error(`transaction ${id} is irreversible and cannot be dropped`)
    }
    const actions = (executed.transaction.actions ?? []) as {
      account: string
      name: string
      data: { from?: string; to?: string; quantity?: string }
    }[]
    const transfers = actions.map((action) => {
      const ledger = this.tokens.get(action.account)
      const { from, to, quantity } = action.data
      if (!ledger || action.name !== 'transfer' || !from || !to || !quantity) {
        throw new Error(`transaction ${id} holds more than token transfers; it cannot be dropped`)
      }
      return { ledger, from, to, asset: parseAsset(quantity) }
    })
    for (const { ledger, from, to, asset } of transfers.reverse()) {
      const adjust = (owner: string, delta: bigint) => {
        const balances = ledger.balances.get(owner) ?? new Map<string, bigint>()
        balances.set(asset.symbol, (balances.get(asset.symbol) ?? 0n) + delta)
        ledger.balances.set(owner, balances)
      }
      adjust(to, -asset.amount)
      adjust(from, asset.amount)
    }
    const block = this.blocks.byNum(executed.blockNum)
    if (block) block.transactionIds = block.transactionIds.filter((other) => other !== id)
    this.pendingTransactionIds = this.pendingTransactionIds.filter((other) => other !== id)
    this.transactions.delete(id)
    this.recentTransactionIds.delete(id)
    this.droppedTransactionIds.add(id)
    this.dirty = true
  }
}
