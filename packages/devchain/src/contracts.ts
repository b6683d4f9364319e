import type { ABI, Bytes } from '@wharfkit/antelope'
import type { AccountRecord, ChainState } from './chain-state'
import { SYSTEM_ACCOUNT, systemContract } from './system-contract'
import { type TokenLedger, tokenContract } from './token-contract'

/** One action as the contract that runs it receives it. */
export interface ContractAction {
  contract: string
  name: string
  /** The actors of the action's declared authorizations, already checked against signatures. */
  authorizers: string[]
  data: Bytes
}

export interface ContractResult {
  /** The action's arguments as JSON, for traces. */
  data: Record<string, unknown>
  /** Accounts the contract notified with require_recipient, in order. */
  notified: string[]
}

/**
 * The chain as one transaction's actions see it. Reads fall through to the chain; writes stay
 * here until every action has run, so a transaction that fails half-way changes nothing.
 */
export class TransactionScratch {
  readonly #ledgers = new Map<string, TokenLedger>()
  readonly #createdAccounts = new Map<string, AccountRecord>()

  constructor(
    readonly state: ChainState,
    /** The time of the block the transaction goes into. */
    readonly blockTimeMs: number,
  ) {}

  accountExists(name: string): boolean {
    return this.state.accounts.has(name) || this.#createdAccounts.has(name)
  }

  createAccount(record: AccountRecord): void {
    this.#createdAccounts.set(record.name, record)
  }

  /** The token contract's tables, copied on first write. */
  ledger(contract: string): TokenLedger {
    let working = this.#ledgers.get(contract)
    if (!working) {
      const ledger = this.state.tokens.get(contract)
      if (!ledger) throw new Error(`${contract} runs no token contract`)
      working = structuredClone(ledger)
      this.#ledgers.set(contract, working)
    }
    return working
  }

  commit(): void {
    for (const [contract, ledger] of this.#ledgers) this.state.tokens.set(contract, ledger)
    for (const [name, record] of this.#createdAccounts) this.state.accounts.set(name, record)
  }
}

/** A contract the devchain runs natively instead of as wasm: its ABI and its actions. */
export interface DevchainContract {
  /** Served by get_abi and get_raw_abi; action data is decoded with it. */
  readonly abi: ABI
  /** Stands in for the hash of the contract's wasm, which the devchain does not run. */
  readonly codeHash: string
  /** Runs one action; throws the node's error when the action fails. */
  apply(scratch: TransactionScratch, action: ContractAction): ContractResult
}

/** The contract deployed on `account`, if any: the system contract or a token contract. */
export function contractOf(state: ChainState, account: string): DevchainContract | undefined {
  if (account === SYSTEM_ACCOUNT) return systemContract
  if (state.tokens.has(account)) return tokenContract
  return undefined
}
