import type { Action, Transaction } from '@wharfkit/antelope'
import { EOSIO_CODE, satisfiedByPermission } from './authority'
import type { ContractTables } from './contract-tables'
import type { ActionContext, DeployedContracts, TransactionScratch } from './contracts'
import { nodeErrors } from './errors'
import { SYSTEM_ACCOUNT } from './system-contract'

/** nodeos' default max_inline_action_depth. */
const MAX_INLINE_ACTION_DEPTH = 4

/** One action on one receiver, in the order nodeos schedules them (its action_ordinal). */
export interface ActionRun {
  ordinal: number
  /** The action that scheduled this one (0 for the transaction's own actions). */
  creatorOrdinal: number
  /** The action whose notification or inline action this is, not itself a notification. */
  closestUnnotifiedOrdinal: number
  receiver: string
  action: Action
  /** Whether the receiver had code to run (the receipt's code_sequence). */
  hasCode: boolean
  /** Time the receiver's code ran, in the VM or natively: what the transaction is billed. */
  elapsedUs: number
  console: string
  /** RAM each account gained or freed in this action, by account name. */
  ramDeltas: { account: string; delta: number }[]
}

export interface ExecutedActions {
  /** In ordinal order, as traces list them. */
  runs: ActionRun[]
  /** In the order they ran, as receipts' global sequence numbers follow it. */
  executionOrder: ActionRun[]
  /** The transaction's RAM change per account, summed over its actions. */
  ramDeltas: Map<string, number>
}

export interface ExecutionEnvironment {
  transaction: Transaction
  scratch: TransactionScratch
  tables: ContractTables
  contracts: DeployedContracts
  blockTimeMs: number
  blockNum: number
}

/**
 * Runs a transaction's actions as nodeos' apply_context does: each action runs on its contract,
 * then on every account it notified (require_recipient, in the order asked, notifications of
 * notifications included), then its inline actions run, depth first, each checked against its
 * sender's `eosio.code`. RAM is metered per action from the tables' changes and billed to each
 * row's payer, who must have authorised the action (RAM_RESTRICTIONS). Any failure throws and
 * the caller undoes the whole transaction.
 */
export function executeActions(environment: ExecutionEnvironment): ExecutedActions {
  const { transaction, scratch, tables, contracts } = environment
  const runs: ActionRun[] = []
  const executionOrder: ActionRun[] = []
  const ramDeltas = new Map<string, number>()

  const schedule = (
    action: Action,
    receiver: string,
    creatorOrdinal: number,
    closestUnnotifiedOrdinal: number,
  ) => {
    const ordinal = runs.length + 1
    runs.push({
      ordinal,
      creatorOrdinal,
      closestUnnotifiedOrdinal,
      receiver,
      action,
      hasCode: false,
      elapsedUs: 0,
      console: '',
      ramDeltas: [],
    })
    return ordinal
  }

  const checkInline = (action: Action, sender: string) => {
    const code = String(action.account)
    if (!scratch.accountExists(code)) throw nodeErrors.inlineCodeMissing(code)
    for (const declared of action.authorization) {
      const level = { actor: String(declared.actor), permission: String(declared.permission) }
      const record = scratch.account(level.actor)
      if (!record) throw nodeErrors.inlineActorMissing(level.actor)
      const authority = record.permissions[level.permission as keyof typeof record.permissions]
      if (!authority) throw nodeErrors.inlinePermissionMissing(level)
      // The system contract is privileged: its inline actions need no eosio.code.
      if (sender === SYSTEM_ACCOUNT) continue
      const provided = { actor: sender, permission: EOSIO_CODE }
      if (!satisfiedByPermission(authority, provided)) {
        throw nodeErrors.unsatisfiedAuthorization(level, [], [provided])
      }
    }
  }

  const runOne = (
    run: ActionRun,
    notified: { receiver: string; ordinal: number }[],
    inline: number[],
    firstReceiverOrdinal: number,
  ) => {
    const { action, receiver } = run
    // get_sender: the receiver of the action that scheduled this one (none for the transaction's).
    const sender = run.creatorOrdinal > 0 ? runs[run.creatorOrdinal - 1].receiver : ''
    const contract = contracts.contractOf(receiver)
    const mark = tables.mark()
    const nativeRam = new Map<string, number>()
    const authorizers = action.authorization.map((level) => ({
      actor: String(level.actor),
      permission: String(level.permission),
    }))
    const context: ActionContext = {
      receiver,
      action,
      sender,
      transaction,
      scratch,
      tables,
      blockTimeMs: environment.blockTimeMs,
      blockNum: environment.blockNum,
      requireAuthorization(actor, permission) {
        const declared = authorizers.some(
          (level) => level.actor === actor && (!permission || level.permission === permission),
        )
        if (!declared) {
          throw nodeErrors.missingAuthority(permission ? `${actor}/${permission}` : actor)
        }
      },
      hasAuthorization: (actor) => authorizers.some((level) => level.actor === actor),
      requireRecipient(account) {
        if (notified.some((entry) => entry.receiver === account)) return
        notified.push({
          receiver: account,
          ordinal: schedule(action, account, run.ordinal, firstReceiverOrdinal),
        })
      },
      sendInline(inlineAction) {
        checkInline(inlineAction, receiver)
        inline.push(
          schedule(inlineAction, String(inlineAction.account), run.ordinal, firstReceiverOrdinal),
        )
      },
      addRamUsage(account, bytes) {
        nativeRam.set(account, (nativeRam.get(account) ?? 0) + bytes)
      },
      print(text) {
        run.console += text
      },
    }
    if (contract) {
      // CPU time rather than wall time: on a busy machine wall time would bill whatever else ran.
      const cpuAtStart = process.cpuUsage()
      contract.apply(context)
      const cpu = process.cpuUsage(cpuAtStart)
      run.elapsedUs = cpu.user + cpu.system
      run.hasCode = true
    }

    const deltas = tables.ramDeltasSince(mark)
    for (const [account, bytes] of nativeRam)
      deltas.set(account, (deltas.get(account) ?? 0) + bytes)
    const inNotification = receiver !== String(action.account)
    for (const [account, delta] of deltas) {
      if (delta > 0 && account !== receiver && receiver !== SYSTEM_ACCOUNT) {
        if (inNotification || !context.hasAuthorization(account)) {
          throw nodeErrors.unauthorizedRamUsageIncrease(account, inNotification)
        }
      }
      ramDeltas.set(account, (ramDeltas.get(account) ?? 0) + delta)
    }
    run.ramDeltas = [...deltas]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([account, delta]) => ({ account, delta }))
    executionOrder.push(run)
  }

  const executeAction = (ordinal: number, depth: number) => {
    const run = runs[ordinal - 1]
    const notified = [{ receiver: run.receiver, ordinal }]
    const inline: number[] = []
    runOne(run, notified, inline, ordinal)
    for (let index = 1; index < notified.length; index++) {
      const notification = runs[notified[index].ordinal - 1]
      if (!scratch.accountExists(notification.receiver)) {
        throw nodeErrors.internal(`unknown key (eosio::chain::name): ${notification.receiver}`)
      }
      runOne(notification, notified, inline, ordinal)
    }
    if (inline.length > 0 && depth >= MAX_INLINE_ACTION_DEPTH) {
      throw nodeErrors.inlineDepthReached()
    }
    for (const next of inline) executeAction(next, depth + 1)
  }

  for (const action of transaction.actions) schedule(action, String(action.account), 0, 0)
  const count = runs.length
  for (let ordinal = 1; ordinal <= count; ordinal++) executeAction(ordinal, 0)
  return { runs, executionOrder, ramDeltas }
}
