import { Asset } from '@wharfkit/antelope'
import type { FastifyError, FastifyInstance } from 'fastify'
import type { ChainState, ExecutedTransaction } from '../chain-state'
import { formatTimePoint } from '../time'

/** Hyperion's `get_actions` limits: a page of at most 1000, at most 10000 skipped. */
const MAX_LIMIT = 1000
const MAX_SKIP = 10_000

interface ActionsQuery {
  account?: string
  filter?: string
  sort?: 'asc' | 'desc' | '1' | '-1'
  after?: string
  before?: string
  limit?: number
  skip?: number
  checkLib?: boolean
  'act.authorization.actor'?: string
  global_sequence?: string
  'transfer.from'?: string
  'transfer.to'?: string
}

/** One action as Hyperion indexes it: its receivers merged into `notified`. */
interface IndexedAction {
  '@timestamp': string
  timestamp: string
  block_num: number
  block_id: string
  trx_id: string
  act: {
    account: string
    name: string
    authorization: { actor: string; permission: string }[]
    data: Record<string, unknown>
  }
  notified: string[]
  cpu_usage_us: number
  net_usage_words: number
  global_sequence: number
  producer: string
  action_ordinal: number
  creator_action_ordinal: number
  signatures: string[]
}

class BadRequest extends Error {}

/**
 * Hyperion's `GET /v2/history/get_actions`, the history source WAX operators use: the actions of
 * blocks produced so far, filtered by notified account, `code:name`, authorising actor, time or
 * block, global sequence and a transfer's sender or recipient, sorted by global sequence. What
 * payout reconciliation and the farm report read; and its `GET /v2/history/get_creator`, who
 * created an account and when, which the farm report reads too.
 */
export async function registerActionHistoryRoutes(
  app: FastifyInstance,
  state: ChainState,
): Promise<void> {
  await app.register(async (hyperion) => {
    // Hyperion is a Fastify service: its errors are Fastify's, not nodeos'.
    hyperion.setErrorHandler((error: FastifyError, _request, reply) => {
      const status = error instanceof BadRequest || error.validation ? 400 : 500
      return reply.code(status).send({
        statusCode: status,
        error: status === 400 ? 'Bad Request' : 'Internal Server Error',
        message: error.message,
      })
    })
    hyperion.get<{ Querystring: ActionsQuery }>(
      '/v2/history/get_actions',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: {
              account: { type: 'string', minLength: 1, maxLength: 12 },
              filter: { type: 'string', minLength: 3 },
              sort: { enum: ['desc', 'asc', '1', '-1'] },
              after: { type: 'string' },
              before: { type: 'string' },
              limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT },
              skip: { type: 'integer', minimum: 0, maximum: MAX_SKIP },
              checkLib: { type: 'boolean' },
              'act.authorization.actor': { type: 'string' },
              global_sequence: { type: 'string', pattern: '^\\d+(-\\d+)?$' },
              'transfer.from': { type: 'string', minLength: 1, maxLength: 12 },
              'transfer.to': { type: 'string', minLength: 1, maxLength: 12 },
            },
          },
        },
      },
      async (request) => {
        const startedAt = performance.now()
        const query = request.query
        const matches = indexedActions(state).filter(matching(query))
        const ascending = query.sort === 'asc' || query.sort === '1'
        matches.sort((a, b) =>
          ascending ? a.global_sequence - b.global_sequence : b.global_sequence - a.global_sequence,
        )
        const skip = query.skip ?? 0
        return {
          query_time_ms: performance.now() - startedAt,
          cached: false,
          lib: query.checkLib ? state.blocks.lastIrreversible.num : 0,
          total: { value: matches.length, relation: 'eq' },
          actions: matches.slice(skip, skip + (query.limit ?? 10)),
        }
      },
    )
    hyperion.get<{ Querystring: { account: string } }>(
      '/v2/history/get_creator',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: { account: { type: 'string', minLength: 1, maxLength: 12 } },
            required: ['account'],
          },
        },
      },
      async (request) => {
        const startedAt = performance.now()
        const { account } = request.query
        return { query_time_ms: performance.now() - startedAt, ...creationOf(state, account) }
      },
    )
  })
}

/**
 * The newaccount that made `account`, as Hyperion finds it. An account of the seed has none: like
 * Hyperion's answer for a chain's genesis accounts, it reads as made by the system account (the
 * system account by itself, `__self__`) at the chain's start, in no transaction.
 */
function creationOf(state: ChainState, account: string) {
  const made = indexedActions(state).find(
    (action) =>
      action.act.account === 'eosio' &&
      action.act.name === 'newaccount' &&
      action.act.data.name === account,
  )
  if (made) {
    return {
      account,
      creator: String(made.act.data.creator),
      timestamp: made['@timestamp'],
      block_num: made.block_num,
      trx_id: made.trx_id,
    }
  }
  const record = state.accounts.get(account)
  // Hyperion's own words, answered as any error of its handlers is.
  if (!record) throw new Error('account not found')
  return {
    account,
    creator: account === 'eosio' ? '__self__' : 'eosio',
    timestamp: formatTimePoint(record.createdMs),
    block_num: 1,
    trx_id: '',
  }
}

function indexedActions(state: ChainState): IndexedAction[] {
  const head = state.blocks.head.num
  const actions: IndexedAction[] = []
  for (const executed of state.transactions.values()) {
    if (executed.blockNum > head) continue
    const block = state.blocks.byNum(executed.blockNum)
    actions.push(...actionsOf(executed, block?.id ?? ''))
  }
  return actions
}

interface Trace {
  action_ordinal: number
  creator_action_ordinal: number
  closest_unnotified_ancestor_action_ordinal: number
  receiver: string
  receipt: { global_sequence: number }
  act: IndexedAction['act']
}

/**
 * Each action once, the transaction's own and inline ones alike (a trace on the action's own
 * contract), with every account it notified (its traces elsewhere) merged into `notified`.
 */
function actionsOf(executed: ExecutedTransaction, blockId: string): IndexedAction[] {
  const traces = executed.actionTraces as unknown as Trace[]
  const timestamp = formatTimePoint(executed.blockTimeMs)
  const isNotification = (trace: Trace) => trace.receiver !== trace.act.account
  return traces
    .filter((trace) => !isNotification(trace))
    .map((trace) => ({
      '@timestamp': timestamp,
      timestamp,
      block_num: executed.blockNum,
      block_id: blockId,
      trx_id: executed.id,
      act: { ...trace.act, data: withTransferFields(trace.act) },
      notified: [
        trace.receiver,
        ...traces
          .filter(
            (other) =>
              isNotification(other) &&
              (other.closest_unnotified_ancestor_action_ordinal ?? other.creator_action_ordinal) ===
                trace.action_ordinal,
          )
          .map((other) => other.receiver),
      ],
      cpu_usage_us: executed.receipt.cpu_usage_us,
      net_usage_words: executed.receipt.net_usage_words,
      global_sequence: trace.receipt.global_sequence,
      producer: 'eosio',
      action_ordinal: trace.action_ordinal,
      creator_action_ordinal: trace.creator_action_ordinal,
      signatures: executed.packed.signatures,
    }))
}

/** Hyperion adds a transfer's amount (a number) and symbol beside its quantity. */
function withTransferFields(act: IndexedAction['act']): Record<string, unknown> {
  const quantity = act.data?.quantity
  if (act.name !== 'transfer' || typeof quantity !== 'string') return act.data
  const asset = Asset.from(quantity)
  return { ...act.data, amount: asset.value, symbol: String(asset.symbol.code) }
}

function matching(query: ActionsQuery): (action: IndexedAction) => boolean {
  const after = bound(query.after, 'after')
  const before = bound(query.before, 'before')
  const filters = (query.filter ?? '*:*').split(',').map((filter) => filter.split(':'))
  const actor = query['act.authorization.actor']
  const [lowest, highest = lowest] = (query.global_sequence ?? '').split('-').map(Number)
  return (action) => {
    if (
      query.account &&
      !action.notified.includes(query.account) &&
      !action.act.authorization.some((level) => level.actor === query.account)
    ) {
      return false
    }
    if (
      !filters.some(
        ([code, name]) =>
          (!code || code === '*' || code === action.act.account) &&
          (!name || name === '*' || name === action.act.name),
      )
    ) {
      return false
    }
    if (actor && !action.act.authorization.some((level) => level.actor === actor)) return false
    // Hyperion indexes a transfer's fields apart (`@transfer`): only a transfer matches them.
    for (const side of ['from', 'to'] as const) {
      const wanted = query[`transfer.${side}`]
      if (wanted && (action.act.name !== 'transfer' || action.act.data[side] !== wanted)) {
        return false
      }
    }
    if (
      query.global_sequence !== undefined &&
      (action.global_sequence < lowest || action.global_sequence > highest)
    ) {
      return false
    }
    return within(action, after, 'after') && within(action, before, 'before')
  }
}

type Bound = { block: number } | { timeMs: number } | undefined

/** A bare positive integer is a block number, anything else a date, as Hyperion reads them. */
function bound(value: string | undefined, name: string): Bound {
  if (value === undefined) return undefined
  if (/^\d+$/.test(value) && Number(value) > 0) return { block: Number(value) }
  const text = value.includes(' ') ? value.replace(' ', 'T') : value
  // Times without a zone are UTC, as nodeos and Hyperion write them.
  const zoneless = text.includes('T') && !/(Z|[+-]\d\d:\d\d)$/.test(text)
  const timeMs = Date.parse(zoneless ? `${text}Z` : text)
  if (Number.isNaN(timeMs)) throw new BadRequest(`Invalid time value [${name}]`)
  return { timeMs }
}

function within(action: IndexedAction, limit: Bound, side: 'after' | 'before'): boolean {
  if (!limit) return true
  const value = 'block' in limit ? action.block_num : Date.parse(`${action['@timestamp']}Z`)
  const edge = 'block' in limit ? limit.block : limit.timeMs
  return side === 'after' ? value >= edge : value <= edge
}
