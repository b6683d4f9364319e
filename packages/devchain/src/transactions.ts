import {
  type Action,
  Checksum256,
  PackedTransaction,
  Serializer,
  Signature,
  type Transaction,
} from '@wharfkit/antelope'
import { type ActionRun, type ExecutedActions, executeActions } from './action-execution'
import { checkAuthorizations, legacyKey, type PermissionLevel } from './authority'
import type { ChainState, ExecutedTransaction } from './chain-state'
import { TransactionScratch } from './contracts'
import { type NodeError, nodeErrors } from './errors'
import { MIN_TRANSACTION_CPU_US, slotOf } from './resources'
import { formatTimePoint, formatTimePointSec } from './time'

/** nodeos' default `max_transaction_lifetime`. */
export const MAX_TRANSACTION_LIFETIME_SECONDS = 3600

/** A packed transaction as clients post it to push_transaction / send_transaction. */
export interface PackedTransactionBody {
  signatures: string[]
  compression?: number | string
  packed_context_free_data?: string
  packed_trx: string
}

export interface DecodedTransaction {
  id: string
  packed: PackedTransaction
  compression: 'none' | 'zlib'
  transaction: Transaction
}

/** Errors nodeos raises before a transaction runs; send_transaction2 does not trace them. */
const PRE_EXECUTION_CODES = new Set([3040005, 3040008, 3010010, 3200006])

export function isPreExecutionError(error: NodeError): boolean {
  return PRE_EXECUTION_CODES.has(error.code)
}

function compressionOf(value: number | string | undefined): 'none' | 'zlib' {
  if (value === undefined || value === 0 || value === '0' || value === 'none') return 'none'
  if (value === 1 || value === '1' || value === 'zlib') return 'zlib'
  throw nodeErrors.invalidPackedTransaction()
}

export function decodeTransaction(body: PackedTransactionBody): DecodedTransaction {
  const compression = compressionOf(body.compression)
  try {
    const packed = PackedTransaction.from({
      signatures: body.signatures,
      compression: compression === 'zlib' ? 1 : 0,
      packed_context_free_data: body.packed_context_free_data ?? '',
      packed_trx: body.packed_trx,
    })
    const transaction = packed.getTransaction()
    return { id: String(transaction.id), packed, compression, transaction }
  } catch {
    throw nodeErrors.invalidPackedTransaction()
  }
}

/** The transaction as nodeos renders it through the contract ABI. */
function renderTransaction(transaction: Transaction, actionData: unknown[]) {
  return {
    expiration: formatTimePointSec(transaction.expiration.toMilliseconds()),
    ref_block_num: Number(transaction.ref_block_num),
    ref_block_prefix: Number(transaction.ref_block_prefix),
    max_net_usage_words: Number(transaction.max_net_usage_words),
    max_cpu_usage_ms: Number(transaction.max_cpu_usage_ms),
    delay_sec: Number(transaction.delay_sec),
    context_free_actions: [],
    actions: transaction.actions.map((action, index) => renderAct(action, actionData[index])),
    transaction_extensions: [],
  }
}

/** An action as traces show it: `data` decoded through the ABI, `hex_data` as sent. */
function renderAct(action: Action, data: unknown) {
  return {
    account: String(action.account),
    name: String(action.name),
    authorization: action.authorization.map((level) => ({
      actor: String(level.actor),
      permission: String(level.permission),
    })),
    data,
    hex_data: action.data.hexString,
  }
}

function recoverSigningKeys(state: ChainState, decoded: DecodedTransaction): string[] {
  const digest = decoded.transaction.signingDigest(state.chainId)
  const keys: string[] = []
  for (const signature of decoded.packed.signatures) {
    let key: string
    try {
      key = legacyKey(String(Signature.from(signature).recoverDigest(digest)))
    } catch {
      throw nodeErrors.invalidPackedTransaction()
    }
    if (keys.includes(key)) throw nodeErrors.duplicateSignature(key)
    keys.push(key)
  }
  return keys
}

function validateReferencedAccounts(state: ChainState, transaction: Transaction): void {
  if (transaction.actions.length === 0) throw nodeErrors.noAction()
  for (const action of transaction.actions) {
    const account = String(action.account)
    if (!state.accounts.has(account)) throw nodeErrors.codeAccountMissing(account)
    for (const level of action.authorization) {
      const record = state.accounts.get(String(level.actor))
      if (!record) throw nodeErrors.actorMissing(String(level.actor))
      if (!Object.hasOwn(record.permissions, String(level.permission))) {
        throw nodeErrors.permissionMissing({
          actor: String(level.actor),
          permission: String(level.permission),
        })
      }
    }
  }
  if (transaction.actions.every((action) => action.authorization.length === 0)) {
    throw nodeErrors.noAuthorization()
  }
}

function declaredAuthorizations(transaction: Transaction): PermissionLevel[] {
  const seen = new Map<string, PermissionLevel>()
  for (const action of transaction.actions) {
    for (const level of action.authorization) {
      const actor = String(level.actor)
      const permission = String(level.permission)
      seen.set(`${actor}@${permission}`, { actor, permission })
    }
  }
  return [...seen.values()]
}

/**
 * Validates and runs a decoded transaction in nodeos' order (duplicate, expiration, TAPOS,
 * referenced accounts, signatures and authority, the payer's NET, then the actions, then RAM,
 * NET and CPU against quotas and budgets), bills its resources and records it in the pending
 * block. Any failure throws the node's error and leaves the state untouched.
 */
export function executeTransaction(state: ChainState, decoded: DecodedTransaction) {
  const { id, transaction } = decoded
  const pendingTimeMs = state.blocks.pendingBlockTimeMs
  if (state.recentTransactionIds.has(id)) throw nodeErrors.duplicateTransaction(id)
  const expirationMs = transaction.expiration.toMilliseconds()
  if (expirationMs <= pendingTimeMs) {
    throw nodeErrors.expiredTransaction(
      id,
      formatTimePointSec(expirationMs),
      formatTimePoint(pendingTimeMs),
    )
  }
  if (expirationMs > pendingTimeMs + MAX_TRANSACTION_LIFETIME_SECONDS * 1000) {
    throw nodeErrors.expirationTooFar(
      formatTimePoint(pendingTimeMs),
      formatTimePointSec(expirationMs),
      MAX_TRANSACTION_LIFETIME_SECONDS,
    )
  }
  if (
    !state.blocks.matchesTapos(
      Number(transaction.ref_block_num),
      Number(transaction.ref_block_prefix),
    )
  ) {
    throw nodeErrors.invalidReferenceBlock()
  }
  validateReferencedAccounts(state, transaction)
  const signingKeys = recoverSigningKeys(state, decoded)
  checkAuthorizations(declaredAuthorizations(transaction), signingKeys, (level) => {
    const permissions = state.accounts.get(level.actor)?.permissions
    if (!permissions || !Object.hasOwn(permissions, level.permission)) {
      throw nodeErrors.permissionMissing(level)
    }
    return permissions[level.permission as keyof typeof permissions]
  })

  const scratch = new TransactionScratch(state, pendingTimeMs)
  const netBytes = netUsageOf(decoded)
  const bill = state.resources.openBill(firstAuthorizer(transaction), slotOf(pendingTimeMs))
  bill.checkNetBeforeExecution(netBytes)
  const mark = state.tables.mark()
  let executed: ExecutedActions
  let billedCpuUs: number
  try {
    executed = executeActions({
      transaction,
      scratch,
      tables: state.tables,
      contracts: state.contracts,
      blockTimeMs: pendingTimeMs,
      blockNum: state.blocks.pendingBlockNum,
    })
    for (const account of scratch.createdAccounts) bill.createAccount(account.name)
    for (const [account, delta] of executed.ramDeltas) bill.addRam(account, delta)
    // nodeos bills the time its VM took, at least the minimum; so does the devchain, the time
    // its VM spent in the contracts' code (host functions included), not its own bookkeeping.
    const vmTimeUs = executed.runs.reduce((sum, run) => sum + run.elapsedUs, 0)
    billedCpuUs = Math.max(vmTimeUs, MIN_TRANSACTION_CPU_US)
    bill.verify(
      netBytes,
      Number(transaction.max_net_usage_words) * 8,
      billedCpuUs,
      Number(transaction.max_cpu_usage_ms),
    )
  } catch (error) {
    state.tables.rollback(mark)
    throw error
  }
  state.tables.commit()
  scratch.commit()
  bill.commit(netBytes, billedCpuUs)

  // Each action's data is decoded once, for the transaction and for every trace of it.
  const decodedData = new Map<Action, unknown>()
  const dataOf = (action: Action) => {
    if (!decodedData.has(action)) decodedData.set(action, renderActionData(state, action))
    return decodedData.get(action)
  }

  const executedTransaction: ExecutedTransaction = {
    id,
    blockNum: state.blocks.pendingBlockNum,
    blockTimeMs: pendingTimeMs,
    packed: {
      signatures: decoded.packed.signatures.map(String),
      compression: decoded.compression,
      packed_context_free_data: decoded.packed.packed_context_free_data.hexString,
      packed_trx: decoded.packed.packed_trx.hexString,
    },
    transaction: renderTransaction(transaction, transaction.actions.map(dataOf)),
    receipt: {
      status: 'executed',
      cpu_usage_us: billedCpuUs,
      net_usage_words: netBytes / 8,
    },
    actionTraces: buildActionTraces(state, executed, dataOf),
  }
  state.transactions.set(id, executedTransaction)
  state.recentTransactionIds.set(id, expirationMs)
  state.pendingTransactionIds.push(id)
  state.dirty = true
  return executedTransaction
}

/** nodeos bills the whole transaction to its first authorizer (ONLY_BILL_FIRST_AUTHORIZER). */
function firstAuthorizer(transaction: Transaction): string {
  for (const action of transaction.actions) {
    for (const level of action.authorization) return String(level.actor)
  }
  throw nodeErrors.noAuthorization()
}

/**
 * NET as nodeos bills an input transaction: base_per_transaction_net_usage (12 bytes), the
 * packed transaction with its fixed overhead (16 bytes), and a fifth of the prunable part (the
 * signatures and context-free data), rounded up to whole 8-byte words.
 */
function netUsageOf(decoded: DecodedTransaction): number {
  const signatures = decoded.packed.signatures.length
  const prunable =
    Serializer.encode({ object: signatures, type: 'varuint32' }).length +
    66 * signatures +
    decoded.packed.packed_context_free_data.length
  const bytes = 12 + 16 + decoded.packed.packed_trx.length + Math.ceil((prunable * 20) / 100)
  return Math.ceil(bytes / 8) * 8
}

/** An action's data as traces show it: decoded with its contract's ABI, else the bytes in hex. */
function renderActionData(state: ChainState, action: Action): unknown {
  const abi = state.contracts.contractOf(String(action.account))?.abi
  const name = String(action.name)
  if (!abi?.actions.some((candidate) => String(candidate.name) === name)) {
    return action.data.hexString
  }
  try {
    return Serializer.objectify(Serializer.decode({ data: action.data, type: name, abi }))
  } catch {
    return action.data.hexString
  }
}

/**
 * The action traces nodeos returns, in ordinal order, each receipt numbered (global, per
 * receiver, per authorizing actor) in the order the actions ran.
 */
function buildActionTraces(
  state: ChainState,
  executed: ExecutedActions,
  dataOf: (action: Action) => unknown,
): Record<string, unknown>[] {
  const { sequences } = state
  const acts = new Map<Action, { act: Record<string, unknown>; digest: string }>()
  const actOf = (action: Action) => {
    let rendered = acts.get(action)
    if (!rendered) {
      rendered = {
        act: renderAct(action, dataOf(action)),
        digest: String(Checksum256.hash(Serializer.encode({ object: action }))),
      }
      acts.set(action, rendered)
    }
    return rendered
  }
  const receipts = new Map<ActionRun, Record<string, unknown>>()
  for (const run of executed.executionOrder) {
    sequences.global += 1
    sequences.receivers[run.receiver] = (sequences.receivers[run.receiver] ?? 0) + 1
    const authSequence = run.action.authorization.map((level) => {
      const actor = String(level.actor)
      sequences.actors[actor] = (sequences.actors[actor] ?? 0) + 1
      return [actor, sequences.actors[actor]]
    })
    receipts.set(run, {
      receiver: run.receiver,
      act_digest: actOf(run.action).digest,
      global_sequence: sequences.global,
      recv_sequence: sequences.receivers[run.receiver],
      auth_sequence: authSequence,
      code_sequence: run.hasCode ? 1 : 0,
      abi_sequence: run.hasCode ? 1 : 0,
    })
  }
  return executed.runs.map((run) => ({
    action_ordinal: run.ordinal,
    creator_action_ordinal: run.creatorOrdinal,
    closest_unnotified_ancestor_action_ordinal: run.closestUnnotifiedOrdinal,
    receipt: receipts.get(run),
    receiver: run.receiver,
    act: actOf(run.action).act,
    context_free: false,
    elapsed: run.elapsedUs,
    console: run.console,
    account_ram_deltas: run.ramDeltas,
    except: null,
    error_code: null,
    return_value_hex_data: '',
  }))
}

/** Action traces as nodeos returns them, stamped with the transaction's block. */
export function renderActionTraces(executed: ExecutedTransaction) {
  return executed.actionTraces.map((trace) => ({
    ...trace,
    trx_id: executed.id,
    block_num: executed.blockNum,
    block_time: formatTimePoint(executed.blockTimeMs),
    producer_block_id: null,
  }))
}

/** The push_transaction / send_transaction answer for an executed transaction. */
export function renderPushResponse(executed: ExecutedTransaction) {
  return {
    transaction_id: executed.id,
    processed: {
      id: executed.id,
      block_num: executed.blockNum,
      block_time: formatTimePoint(executed.blockTimeMs),
      producer_block_id: null,
      receipt: executed.receipt,
      elapsed: executed.receipt.cpu_usage_us,
      net_usage: executed.receipt.net_usage_words * 8,
      scheduled: false,
      action_traces: renderActionTraces(executed),
      account_ram_delta: null,
      except: null,
      error_code: null,
    },
  }
}

/** send_transaction2's answer for a transaction that failed while executing. */
export function renderFailureTrace(state: ChainState, id: string, error: NodeError) {
  const blockTime = formatTimePoint(state.blocks.pendingBlockTimeMs)
  return {
    transaction_id: id,
    processed: {
      id,
      block_num: state.blocks.pendingBlockNum,
      block_time: blockTime,
      producer_block_id: null,
      receipt: null,
      elapsed: 0,
      net_usage: 0,
      scheduled: false,
      action_traces: [],
      account_ram_delta: null,
      except: error.toExcept(blockTime),
      error_code: null,
    },
  }
}
