import {
  type Action,
  Checksum256,
  PackedTransaction,
  Serializer,
  Signature,
  type Transaction,
} from '@wharfkit/antelope'
import { checkAuthorizations, legacyKey, type PermissionLevel } from './authority'
import type { ChainState, ExecutedTransaction } from './chain-state'
import { contractOf, TransactionScratch } from './contracts'
import { type NodeError, nodeErrors } from './errors'
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
 * referenced accounts, signatures and authority, then the actions) and records it in the
 * pending block. Any failure throws the node's error and leaves the state untouched.
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
  const actionData: unknown[] = []
  const runs: { action: Action; notified: string[] }[] = []
  for (const action of transaction.actions) {
    const account = String(action.account)
    const contract = contractOf(state, account)
    if (!contract) {
      // An account without a contract accepts any action and does nothing, as on nodeos.
      actionData.push(action.data.hexString)
      runs.push({ action, notified: [] })
      continue
    }
    const result = contract.apply(scratch, {
      contract: account,
      name: String(action.name),
      authorizers: action.authorization.map((level) => String(level.actor)),
      data: action.data,
    })
    actionData.push(result.data)
    runs.push({ action, notified: result.notified.filter((name) => name !== account) })
  }

  scratch.commit()
  const actionTraces = buildActionTraces(state, runs, actionData)
  const packedBytes = Serializer.encode({ object: transaction }).length
  // nodeos bills the packed transaction, its signatures and a fixed per-transaction overhead.
  const netUsageWords = Math.ceil((packedBytes + 65 * decoded.packed.signatures.length + 12) / 8)
  const executed: ExecutedTransaction = {
    id,
    blockNum: state.blocks.pendingBlockNum,
    blockTimeMs: pendingTimeMs,
    packed: {
      signatures: decoded.packed.signatures.map(String),
      compression: decoded.compression,
      packed_context_free_data: decoded.packed.packed_context_free_data.hexString,
      packed_trx: decoded.packed.packed_trx.hexString,
    },
    transaction: renderTransaction(transaction, actionData),
    receipt: {
      status: 'executed',
      cpu_usage_us: 100 * runs.length,
      net_usage_words: netUsageWords,
    },
    actionTraces,
  }
  state.transactions.set(id, executed)
  state.recentTransactionIds.set(id, expirationMs)
  state.pendingTransactionIds.push(id)
  state.dirty = true
  return executed
}

function buildActionTraces(
  state: ChainState,
  runs: { action: Action; notified: string[] }[],
  actionData: unknown[],
): Record<string, unknown>[] {
  const traces: Record<string, unknown>[] = []
  const { sequences } = state
  let ordinal = 0
  runs.forEach(({ action, notified }, index) => {
    const actDigest = String(Checksum256.hash(Serializer.encode({ object: action })))
    const act = renderAct(action, actionData[index])
    const creatorOrdinal = ordinal + 1
    for (const receiver of [String(action.account), ...new Set(notified)]) {
      ordinal += 1
      sequences.global += 1
      sequences.receivers[receiver] = (sequences.receivers[receiver] ?? 0) + 1
      const authSequence = action.authorization.map((level) => {
        const actor = String(level.actor)
        sequences.actors[actor] = (sequences.actors[actor] ?? 0) + 1
        return [actor, sequences.actors[actor]]
      })
      const isNotification = ordinal !== creatorOrdinal
      traces.push({
        action_ordinal: ordinal,
        creator_action_ordinal: isNotification ? creatorOrdinal : 0,
        closest_unnotified_ancestor_action_ordinal: isNotification ? creatorOrdinal : 0,
        receipt: {
          receiver,
          act_digest: actDigest,
          global_sequence: sequences.global,
          recv_sequence: sequences.receivers[receiver],
          auth_sequence: authSequence,
          code_sequence: 1,
          abi_sequence: 1,
        },
        receiver,
        act,
        context_free: false,
        elapsed: 50,
        console: '',
        account_ram_deltas: [],
        except: null,
        error_code: null,
        return_value_hex_data: '',
      })
    }
  })
  return traces
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
