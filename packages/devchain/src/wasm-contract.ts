import type { Blockchain } from '@eosnetwork/vert/dist/antelope/blockchain'
import { Action, Serializer } from '@wharfkit/antelope'
import { greymass, Memory, type VertTableStore, VM } from './antelope-vm'
import type { ContractCode } from './contract-code'
import type { ActionContext, DevchainContract } from './contracts'
import { NodeError, nodeErrors } from './errors'
import { nameToValue, valueToName } from './names'

/** Node's WebAssembly, typed for what runs contracts (the project's libs leave it undeclared). */
const { Instance } = (
  globalThis as unknown as {
    WebAssembly: {
      Instance: new (
        module: unknown,
        imports: Record<string, Record<string, unknown>>,
      ) => { exports: Record<string, unknown> }
    }
  }
).WebAssembly

/** vert's `eosio_exit` stands in for a trap; here it ends the action, successfully, as on nodeos. */
class ContractExit extends Error {}

/** An account as vert's VM looks it up: enough for its checks of authorizations and code hashes. */
interface HostAccount {
  name: InstanceType<typeof greymass.Name>
  permissions: { perm_name: InstanceType<typeof greymass.Name> }[]
  wasm?: Uint8Array
  codeSequence: number
  toBigInt(): bigint
}

/**
 * The chain as vert's VM sees it (the shape of vert's own `Blockchain`): the table store, and the
 * accounts of the action under way. Everything else a contract asks for goes to the action's
 * context through the host functions `ContractVm` replaces.
 */
export class ContractHost {
  /** What the contract printed (vert appends to it). */
  console = ''
  /** is_feature_activated reads it: a privileged API, and nothing is activated through it here. */
  readonly protocolFeatures: string[] = []
  #context?: ActionContext
  readonly #accounts = new Map<string, HostAccount>()

  constructor(
    readonly store: VertTableStore,
    private readonly codeOf: (account: string) => ContractCode | undefined,
  ) {}

  set context(context: ActionContext | undefined) {
    this.#context = context
  }

  getAccount(name: InstanceType<typeof greymass.Name>): HostAccount | undefined {
    const account = String(name)
    const record = this.#context?.scratch.account(account)
    if (!record) return undefined
    let host = this.#accounts.get(account)
    if (!host) {
      const value = nameToValue(account)
      const code = this.codeOf(account)
      host = {
        name: greymass.Name.from(account),
        permissions: Object.keys(record.permissions).map((permission) => ({
          perm_name: greymass.Name.from(permission),
        })),
        wasm: code?.wasm,
        codeSequence: code ? 1 : 0,
        toBigInt: () => value,
      }
      this.#accounts.set(account, host)
    }
    return host
  }
}

/**
 * vert's VM for one contract's code, driven one action at a time: every action gets a fresh
 * instance of the module (fresh memory, as nodeos gives each), and the host functions that
 * concern the transaction rather than the contract's own memory and tables (authorizations,
 * notifications, inline actions, time, assertions) answer from the action's context, so the
 * devchain schedules, checks and traces them as nodeos does.
 */
class ContractVm extends VM {
  readonly #host: ContractHost
  readonly #imports: Record<string, Record<string, unknown>>
  #context?: ActionContext

  constructor(code: ContractCode, host: ContractHost) {
    super(code.wasm, host as unknown as Blockchain)
    this.#host = host
    const context = () => {
      if (!this.#context) throw new Error('a host function was called outside an action')
      return this.#context
    }
    const text = (pointer: number, length?: number) => this.memory.readString(pointer, length)
    this.#imports = {
      env: {
        ...this.imports.env,
        require_auth: (account: bigint) => context().requireAuthorization(valueToName(account)),
        require_auth2: (account: bigint, permission: bigint) =>
          context().requireAuthorization(valueToName(account), valueToName(permission)),
        has_auth: (account: bigint) => context().hasAuthorization(valueToName(account)),
        is_account: (account: bigint) => context().scratch.accountExists(valueToName(account)),
        require_recipient: (account: bigint) => context().requireRecipient(valueToName(account)),
        send_inline: (pointer: number, size: number) => {
          const bytes = new Uint8Array(this.memory.buffer, pointer, size).slice()
          context().sendInline(Serializer.decode({ data: bytes, type: Action }))
        },
        get_sender: () =>
          context().sender ? BigInt.asIntN(64, nameToValue(context().sender)) : 0n,
        current_time: () => BigInt(context().blockTimeMs) * 1000n,
        get_block_num: () => context().blockNum,
        get_account_creation_time: (account: bigint) => {
          const record = context().scratch.account(valueToName(account))
          if (!record)
            throw nodeErrors.wasmExecution(`account '${valueToName(account)}' does not exist`)
          return BigInt(record.createdMs) * 1000n
        },
        eosio_assert: (test: number, message: number) => {
          if (!test) throw nodeErrors.assertionFailure(text(message))
        },
        eosio_assert_message: (test: number, message: number, length: number) => {
          if (!test) throw nodeErrors.assertionFailure(text(message, length))
        },
        eosio_assert_code: (test: number, code: bigint) => {
          if (!test) throw nodeErrors.assertionCodeFailure(BigInt.asUintN(64, code))
        },
        abort: () => {
          throw nodeErrors.abortCalled()
        },
        eosio_exit: () => {
          throw new ContractExit()
        },
      },
    }
  }

  run(context: ActionContext): void {
    const instance = new Instance(this.module, this.#imports)
    this.instance = instance as never
    this._memory = new Memory(instance.exports.memory as never)
    this.#context = context
    this.#host.context = context
    this.#host.console = ''
    const { action } = context
    try {
      this.apply(
        new VM.Context({
          receiver: this.#host.getAccount(greymass.Name.from(context.receiver)) as never,
          firstReceiver: this.#host.getAccount(greymass.Name.from(String(action.account))) as never,
          action: greymass.Name.from(String(action.name)),
          data: action.data.array,
          authorization: action.authorization.map((level) =>
            greymass.PermissionLevel.from({
              actor: String(level.actor),
              permission: String(level.permission),
            }),
          ),
        }),
      )
    } catch (error) {
      if (error instanceof NodeError) throw error
      if (!(error instanceof ContractExit)) {
        throw nodeErrors.wasmExecution(error instanceof Error ? error.message : String(error))
      }
    } finally {
      context.print(this.#host.console)
      this.#context = undefined
      this.#host.context = undefined
      this.instance = undefined as never
      this._memory = undefined as never
    }
  }
}

/** A contract deployed as WASM (the adapter behind the devchain's contract interface). */
export class WasmContract implements DevchainContract {
  readonly abi
  readonly codeHash
  readonly wasm
  readonly #vm: ContractVm

  private constructor(code: ContractCode, host: ContractHost) {
    this.abi = code.abi
    this.codeHash = code.codeHash
    this.wasm = code.wasm
    this.#vm = new ContractVm(code, host)
  }

  /** Compiles the code for `host`'s chain (vert compiles as it constructs). */
  static async compile(code: ContractCode, host: ContractHost): Promise<WasmContract> {
    const contract = new WasmContract(code, host)
    await contract.#vm.ready
    return contract
  }

  apply(context: ActionContext): void {
    this.#vm.run(context)
  }
}
