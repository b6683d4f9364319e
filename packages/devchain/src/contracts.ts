import type { ABI, Action, Transaction } from '@wharfkit/antelope'
import type { AccountRecord, ChainState } from './chain-state'
import type { ContractCode, ContractCodeName } from './contract-code'
import type { ContractTables } from './contract-tables'
import { SYSTEM_ACCOUNT, systemContract } from './system-contract'
import type { WasmContract } from './wasm-contract'

/**
 * One action run on one receiver, as nodeos' apply_context gives it to contract code: the action,
 * the chain as the transaction sees it, and what the code may ask of the transaction.
 */
export interface ActionContext {
  /** The account whose code runs: the action's contract, or an account it notified. */
  readonly receiver: string
  /** The action as sent: contract (its first receiver), name, declared authorizations, data. */
  readonly action: Action
  /** The account that sent this action inline (get_sender); empty for the transaction's own. */
  readonly sender: string
  readonly transaction: Transaction
  readonly scratch: TransactionScratch
  readonly tables: ContractTables
  /** The time and number of the block the transaction goes into. */
  readonly blockTimeMs: number
  readonly blockNum: number
  /** nodeos' require_authorization: the action declares `actor` (with `permission`, if named). */
  requireAuthorization(actor: string, permission?: string): void
  hasAuthorization(actor: string): boolean
  /** Notifies `account` of this action once it has run (require_recipient). */
  requireRecipient(account: string): void
  /** Schedules an action to run after this one and its notifications (send_inline). */
  sendInline(action: Action): void
  /** RAM a native action uses outside contract tables (a new account's own records). */
  addRamUsage(account: string, bytes: number): void
  /** What the code printed, for the trace's console. */
  print(text: string): void
}

/** A contract deployed on an account: its ABI, its code's hash, and its actions. */
export interface DevchainContract {
  /** Served by get_abi and get_raw_abi; action data in traces is decoded with it. */
  readonly abi: ABI
  readonly codeHash: string
  /** The WASM get_raw_code_and_abi serves; a contract the devchain runs natively has none. */
  readonly wasm?: Uint8Array
  /** Runs one action on one receiver; throws the node's error when it fails. */
  apply(context: ActionContext): void
}

/**
 * The accounts as one transaction's actions see them. Reads fall through to the chain; accounts
 * created stay here until every action has run, so a transaction that fails half-way creates
 * none. (Contract tables undo their own changes: see ContractTables.)
 */
export class TransactionScratch {
  readonly #createdAccounts = new Map<string, AccountRecord>()

  constructor(
    readonly state: ChainState,
    /** The time of the block the transaction goes into. */
    readonly blockTimeMs: number,
  ) {}

  account(name: string): AccountRecord | undefined {
    return this.state.accounts.get(name) ?? this.#createdAccounts.get(name)
  }

  accountExists(name: string): boolean {
    return this.account(name) !== undefined
  }

  createAccount(record: AccountRecord): void {
    this.#createdAccounts.set(record.name, record)
  }

  get createdAccounts(): AccountRecord[] {
    return [...this.#createdAccounts.values()]
  }

  commit(): void {
    for (const [name, record] of this.#createdAccounts) this.state.accounts.set(name, record)
  }
}

/**
 * Which code runs on which account: the system contract natively on `eosio`, and WASM from a
 * registry package (contract-code.ts) on the accounts it was deployed to at genesis.
 */
export class DeployedContracts {
  readonly #codeByAccount = new Map<string, ContractCode>()
  readonly #contractByCode = new Map<ContractCodeName, WasmContract>()

  deploy(account: string, code: ContractCode, contract: WasmContract): void {
    this.#codeByAccount.set(account, code)
    this.#contractByCode.set(code.name, contract)
  }

  codeOf(account: string): ContractCode | undefined {
    return this.#codeByAccount.get(account)
  }

  /** The code name deployed on each account, as the state file records it. */
  deployments(): [string, ContractCodeName][] {
    return [...this.#codeByAccount].map(([account, code]) => [account, code.name])
  }

  contractOf(account: string): DevchainContract | undefined {
    if (account === SYSTEM_ACCOUNT) return systemContract
    const code = this.#codeByAccount.get(account)
    return code && this.#contractByCode.get(code.name)
  }
}
