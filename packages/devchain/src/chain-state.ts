import { Asset, PublicKey } from '@wharfkit/antelope'
import type { Authority } from './authority'
import { type Block, BlockLog } from './blocks'
import { type ContractCodeName, contractCode } from './contract-code'
import { ContractTables, type SavedTable } from './contract-tables'
import { DeployedContracts } from './contracts'
import { type ResourceBudget, ResourceLedger, type SavedResources } from './resources'
import { balancesOf, rewriteBalance } from './token-balances'
import { ContractHost, WasmContract } from './wasm-contract'

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

/** The state file's format; version 1 held native token ledgers instead of contract tables. */
export const SNAPSHOT_VERSION = 2

/** The persisted form: plain JSON, bigints as decimal strings. */
export interface ChainSnapshot {
  version: typeof SNAPSHOT_VERSION
  chainId: string
  accounts: AccountRecord[]
  /** Which registry contract runs on which account. */
  contracts: [string, ContractCodeName][]
  tables: SavedTable[]
  resources: [string, SavedResources][]
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
export function sortedAuthority(authority: Authority): Authority {
  const binary = (key: string) => PublicKey.from(key).data.hexString
  return {
    threshold: authority.threshold,
    keys: [...authority.keys].sort((a, b) => binary(a.key).localeCompare(binary(b.key))),
    ...(authority.accounts?.length ? { accounts: authority.accounts } : {}),
  }
}

export class ChainState {
  readonly accounts = new Map<string, AccountRecord>()
  readonly contracts = new DeployedContracts()
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
  readonly #host: ContractHost
  readonly #compiled = new Map<ContractCodeName, WasmContract>()

  private constructor(
    readonly chainId: string,
    blocks: BlockLog,
    readonly tables: ContractTables,
    readonly resources: ResourceLedger,
  ) {
    this.blocks = blocks
    this.#host = new ContractHost(tables.store, (account) => this.contracts.codeOf(account))
  }

  /** A chain with its first block and nothing else, for genesis to fill. */
  static empty(
    chainId: string,
    nowMs: number,
    irreversibleLag: number,
    newAccountBudget: ResourceBudget,
  ): ChainState {
    return new ChainState(
      chainId,
      new BlockLog([], nowMs, irreversibleLag),
      new ContractTables(),
      new ResourceLedger(newAccountBudget),
    )
  }

  static async fromSnapshot(
    snapshot: ChainSnapshot,
    nowMs: number,
    irreversibleLag: number,
    newAccountBudget: ResourceBudget,
  ): Promise<ChainState> {
    const state = new ChainState(
      snapshot.chainId,
      new BlockLog(snapshot.blocks, nowMs, irreversibleLag),
      ContractTables.fromSaved(snapshot.tables),
      ResourceLedger.fromSaved(snapshot.resources, newAccountBudget),
    )
    for (const account of snapshot.accounts) state.accounts.set(account.name, account)
    for (const [account, code] of snapshot.contracts) await state.deploy(account, code)
    for (const [id, expiration] of snapshot.recentTransactionIds) {
      state.recentTransactionIds.set(id, expiration)
    }
    for (const transaction of snapshot.transactions) {
      state.transactions.set(transaction.id, transaction)
    }
    state.sequences = snapshot.sequences
    return state
  }

  /** Runs `code` on `account`, compiling it once per chain. */
  async deploy(account: string, code: ContractCodeName): Promise<void> {
    let contract = this.#compiled.get(code)
    if (!contract) {
      contract = await WasmContract.compile(contractCode(code), this.#host)
      this.#compiled.set(code, contract)
    }
    this.contracts.deploy(account, contractCode(code), contract)
  }

  toSnapshot(): ChainSnapshot {
    return {
      version: SNAPSHOT_VERSION,
      chainId: this.chainId,
      accounts: [...this.accounts.values()],
      contracts: this.contracts.deployments(),
      tables: this.tables.toSaved(),
      resources: this.resources.toSaved(),
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
   * again. A test hook; only token transfers can be undone, by rewriting the two balances (what
   * the transaction billed, and the row it may have created for a first-time holder, stay).
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
      const code = this.contracts.codeOf(action.account)
      const { from, to, quantity } = action.data
      if (code?.name !== 'eosio.token' || action.name !== 'transfer' || !from || !to || !quantity) {
        throw new Error(`transaction ${id} holds more than token transfers; it cannot be dropped`)
      }
      return { contract: action.account, from, to, quantity: Asset.from(quantity) }
    })
    for (const { contract, from, to, quantity } of transfers.reverse()) {
      const adjust = (owner: string, change: 'adding' | 'subtracting') => {
        const symbol = String(quantity.symbol.code)
        const current = balancesOf(this.tables, contract, owner).find(
          (balance) => String(balance.symbol.code) === symbol,
        )
        if (!current) throw new Error(`${owner} holds no ${symbol} to undo a transfer with`)
        const units = current.units[change](quantity.units)
        rewriteBalance(this.tables, contract, owner, Asset.fromUnits(units, current.symbol))
      }
      adjust(to, 'subtracting')
      adjust(from, 'adding')
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
