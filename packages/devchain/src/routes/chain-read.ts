import { Checksum256, Name, PrivateKey, Serializer } from '@wharfkit/antelope'
import type { FastifyInstance } from 'fastify'
import { canonicalKey, legacyKey } from '../authority'
import { type Block, refBlockPrefixOf } from '../blocks'
import type { AccountRecord, ChainState } from '../chain-state'
import { contractOf } from '../contracts'
import { nodeErrors } from '../errors'
import { seedPrivateKey } from '../seed'
import { formatTimePoint } from '../time'
import { formatAsset, type TokenLedger, tokenAbi } from '../token-contract'
import { nameSchema } from './node-api'

const SERVER_VERSION = 'fernwood-devchain'
const CORE_CONTRACT = 'eosio.token'
const CORE_SYMBOL = 'WAX'
const ZERO_HASH = '0'.repeat(64)
const EPOCH = '1970-01-01T00:00:00.000'
const producerKey = PrivateKey.from(seedPrivateKey('eosio'))

const READ_ENDPOINTS_WITH_PARAMS = [
  'get_account',
  'get_accounts_by_authorizers',
  'get_abi',
  'get_raw_abi',
  'get_table_rows',
  'get_currency_balance',
  'get_block',
  'get_block_info',
].map((name) => `/v1/chain/${name}`)
const uintLike = {
  anyOf: [
    { type: 'integer', minimum: 0 },
    { type: 'string', pattern: '^\\d+$' },
  ],
}
const stringOrInteger = { anyOf: [{ type: 'string' }, { type: 'integer' }] }
/** The body of the endpoints that read one account: get_account, get_abi, get_raw_abi. */
const accountNameBody = {
  type: 'object',
  required: ['account_name'],
  properties: { account_name: nameSchema },
} as const

/** A table scope or bound as nodeos converts it: number, then name, then symbol. */
function keyToU64(text: string, description: string): bigint {
  const trimmed = text.trim()
  if (/^\d+$/.test(trimmed)) return BigInt(trimmed)
  if (/^[.1-5a-z]{1,12}[.1-5a-j]?$/.test(trimmed)) {
    return BigInt(String(Name.from(trimmed).value))
  }
  const symbol = /^(?:\d+,)?([A-Z]{1,7})$/.exec(trimmed)
  if (symbol) return symbolCodeValue(symbol[1])
  throw nodeErrors.unconvertibleKey(description, text)
}

function symbolCodeValue(code: string): bigint {
  let value = 0n
  for (let index = code.length - 1; index >= 0; index--) {
    value = (value << 8n) | BigInt(code.charCodeAt(index))
  }
  return value
}

function resourceLimit() {
  return {
    used: 0,
    available: 1_000_000,
    max: 1_000_000,
    last_usage_update_time: EPOCH,
    current_used: 0,
  }
}

function renderAuthority(record: AccountRecord, permission: 'owner' | 'active') {
  const authority = record.permissions[permission]
  return {
    threshold: authority.threshold,
    keys: authority.keys.map(({ key, weight }) => ({ key: legacyKey(key), weight })),
    accounts: [],
    waits: [],
  }
}

function renderBlockHeader(block: Block) {
  return {
    timestamp: formatTimePoint(block.timestampMs),
    producer: 'eosio',
    confirmed: 0,
    previous: block.previous,
    transaction_mroot: block.transactionMroot,
    action_mroot: ZERO_HASH,
    schedule_version: 0,
    producer_signature: String(producerKey.signDigest(block.id)),
  }
}

function findBlock(state: ChainState, blockNumOrId: string | number, method: string): Block {
  const text = String(blockNumOrId).trim()
  const block = /^\d{1,10}$/.test(text)
    ? state.blocks.byNum(Number(text))
    : state.blocks.byId(text.toLowerCase())
  if (!block) throw nodeErrors.unknownBlock(text, method)
  return block
}

function contractLedger(state: ChainState, code: string, table: string): TokenLedger {
  if (!state.accounts.has(code)) throw nodeErrors.accountNotRetrievable(code)
  const ledger = state.tokens.get(code)
  if (!ledger || (table !== 'accounts' && table !== 'stat')) throw nodeErrors.tableNotInAbi(table)
  return ledger
}

interface TableRow {
  primaryKey: bigint
  payer: string
  type: 'account' | 'currency_stats'
  value: Record<string, string>
}

function tableRows(ledger: TokenLedger, table: string, scope: bigint): TableRow[] {
  if (table === 'accounts') {
    const owner = [...ledger.balances.keys()].find(
      (name) => BigInt(String(Name.from(name).value)) === scope,
    )
    const balances = owner ? ledger.balances.get(owner) : undefined
    return [...(balances ?? [])].map(([symbol, amount]) => ({
      primaryKey: symbolCodeValue(symbol),
      payer: owner as string,
      type: 'account',
      value: { balance: formatAsset(amount, ledger.stats.get(symbol)?.precision ?? 0, symbol) },
    }))
  }
  return [...ledger.stats]
    .filter(([symbol]) => symbolCodeValue(symbol) === scope)
    .map(([symbol, stat]) => ({
      primaryKey: symbolCodeValue(symbol),
      payer: stat.issuer,
      type: 'currency_stats',
      value: {
        supply: formatAsset(stat.supply, stat.precision, symbol),
        max_supply: formatAsset(stat.maxSupply, stat.precision, symbol),
        issuer: stat.issuer,
      },
    }))
}

export function registerChainReadRoutes(app: FastifyInstance, state: ChainState): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/v1/chain/get_info',
    config: { nodeBody: 'none' },
    handler: async () => {
      const { head, lastIrreversible } = state.blocks
      return {
        server_version: '00000000',
        chain_id: state.chainId,
        head_block_num: head.num,
        last_irreversible_block_num: lastIrreversible.num,
        last_irreversible_block_id: lastIrreversible.id,
        head_block_id: head.id,
        head_block_time: formatTimePoint(head.timestampMs),
        head_block_producer: 'eosio',
        virtual_block_cpu_limit: 200_000_000,
        virtual_block_net_limit: 1_048_576_000,
        block_cpu_limit: 200_000,
        block_net_limit: 1_048_576,
        server_version_string: SERVER_VERSION,
        fork_db_head_block_num: head.num,
        fork_db_head_block_id: head.id,
        server_full_version_string: SERVER_VERSION,
        total_cpu_weight: '0',
        total_net_weight: '0',
        earliest_available_block_num: state.blocks.oldest.num,
        last_irreversible_block_time: formatTimePoint(lastIrreversible.timestampMs),
      }
    },
  })

  app.route<{ Body: { account_name: string } }>({
    method: 'POST',
    url: '/v1/chain/get_account',
    config: { nodeBody: 'required' },
    schema: { body: accountNameBody },
    handler: async (request) => {
      const name = request.body.account_name
      const record = state.accounts.get(name)
      if (!record) throw nodeErrors.unknownAccount(name)
      const head = state.blocks.head
      const core = state.tokens.get(CORE_CONTRACT)
      const coreBalance = core?.balances.get(name)?.get(CORE_SYMBOL)
      const corePrecision = core?.stats.get(CORE_SYMBOL)?.precision ?? 8
      return {
        account_name: name,
        head_block_num: head.num,
        head_block_time: formatTimePoint(head.timestampMs),
        privileged: name === 'eosio',
        last_code_update: EPOCH,
        created: formatTimePoint(record.createdMs),
        ...(coreBalance === undefined
          ? {}
          : { core_liquid_balance: formatAsset(coreBalance, corePrecision, CORE_SYMBOL) }),
        ram_quota: -1,
        net_weight: -1,
        cpu_weight: -1,
        net_limit: resourceLimit(),
        cpu_limit: resourceLimit(),
        ram_usage: 2996,
        permissions: (['active', 'owner'] as const).map((permission) => ({
          perm_name: permission,
          parent: permission === 'active' ? 'owner' : '',
          required_auth: renderAuthority(record, permission),
          linked_actions: [],
        })),
        total_resources: null,
        self_delegated_bandwidth: null,
        refund_request: null,
        voter_info: null,
        rex_info: null,
        subjective_cpu_bill_limit: resourceLimit(),
        eosio_any_linked_actions: [],
      }
    },
  })

  app.route<{ Body: { accounts?: unknown[]; keys?: string[] } }>({
    method: 'POST',
    url: '/v1/chain/get_accounts_by_authorizers',
    config: { nodeBody: 'required' },
    schema: {
      body: {
        type: 'object',
        properties: {
          accounts: { type: 'array' },
          keys: { type: 'array', items: { type: 'string', minLength: 1 } },
        },
      },
    },
    handler: async (request) => {
      let wanted: Set<string>
      try {
        wanted = new Set((request.body.keys ?? []).map(canonicalKey))
      } catch {
        throw nodeErrors.unparsableBody()
      }
      const rows = []
      // nodeos lists key authorizers ordered by key, then account, then permission.
      for (const key of [...wanted].sort()) {
        for (const record of [...state.accounts.values()].sort((a, b) =>
          a.name.localeCompare(b.name),
        )) {
          for (const permission of ['owner', 'active'] as const) {
            const authority = record.permissions[permission]
            const match = authority.keys.find((candidate) => canonicalKey(candidate.key) === key)
            if (!match) continue
            rows.push({
              account_name: record.name,
              permission_name: permission,
              authorizing_key: legacyKey(match.key),
              weight: match.weight,
              threshold: authority.threshold,
            })
          }
        }
      }
      return { accounts: rows }
    },
  })

  app.route<{ Body: { account_name: string } }>({
    method: 'POST',
    url: '/v1/chain/get_abi',
    config: { nodeBody: 'required' },
    schema: { body: accountNameBody },
    handler: async (request) => {
      const name = request.body.account_name
      if (!state.accounts.has(name)) throw nodeErrors.accountNotRetrievable(name)
      const contract = contractOf(state, name)
      return contract
        ? {
            account_name: name,
            abi: { ...Serializer.objectify(contract.abi), error_messages: [], abi_extensions: [] },
          }
        : { account_name: name }
    },
  })

  app.route<{ Body: { account_name: string } }>({
    method: 'POST',
    url: '/v1/chain/get_raw_abi',
    config: { nodeBody: 'required' },
    schema: {
      body: {
        ...accountNameBody,
        properties: { ...accountNameBody.properties, abi_hash: { type: 'string' } },
      },
    },
    handler: async (request) => {
      const name = request.body.account_name
      if (!state.accounts.has(name)) throw nodeErrors.accountNotRetrievable(name)
      const contract = contractOf(state, name)
      if (!contract)
        return { account_name: name, code_hash: ZERO_HASH, abi_hash: ZERO_HASH, abi: '' }
      const abiBytes = Serializer.encode({ object: contract.abi })
      return {
        account_name: name,
        code_hash: contract.codeHash,
        abi_hash: String(Checksum256.hash(abiBytes)),
        abi: Buffer.from(abiBytes.array).toString('base64'),
      }
    },
  })

  app.route<{
    Body: {
      code: string
      table: string
      scope?: string | number
      json?: boolean
      lower_bound?: string | number
      upper_bound?: string | number
      limit?: number
      reverse?: boolean
      show_payer?: boolean
    }
  }>({
    method: 'POST',
    url: '/v1/chain/get_table_rows',
    config: { nodeBody: 'required' },
    schema: {
      body: {
        type: 'object',
        required: ['code', 'table'],
        properties: {
          code: nameSchema,
          table: nameSchema,
          scope: stringOrInteger,
          json: { type: 'boolean' },
          lower_bound: stringOrInteger,
          upper_bound: stringOrInteger,
          limit: { type: 'integer', minimum: 0 },
          reverse: { type: 'boolean' },
          show_payer: { type: 'boolean' },
          key_type: { type: 'string' },
          index_position: stringOrInteger,
        },
      },
    },
    handler: async (request) => {
      const { code, table, json = false, limit = 10, reverse = false, show_payer } = request.body
      const ledger = contractLedger(state, code, table)
      const scope = keyToU64(String(request.body.scope ?? ''), 'scope')
      const bound = (value: string | number | undefined, fallback: bigint) =>
        value === undefined || value === '' ? fallback : keyToU64(String(value), 'bound')
      const lower = bound(request.body.lower_bound, 0n)
      const upper = bound(request.body.upper_bound, (1n << 64n) - 1n)
      const matching = tableRows(ledger, table, scope)
        .filter((row) => row.primaryKey >= lower && row.primaryKey <= upper)
        .sort((a, b) => (a.primaryKey < b.primaryKey ? -1 : 1))
      if (reverse) matching.reverse()
      const page = matching.slice(0, limit)
      const more = matching.length > page.length
      const rows = page.map((row) => {
        const data = json
          ? row.value
          : Serializer.encode({ object: row.value, type: row.type, abi: tokenAbi }).hexString
        return show_payer ? { data, payer: row.payer } : data
      })
      return { rows, more, next_key: more ? String(matching[limit].primaryKey) : '' }
    },
  })

  app.route<{ Body: { code: string; account: string; symbol?: string } }>({
    method: 'POST',
    url: '/v1/chain/get_currency_balance',
    config: { nodeBody: 'required' },
    schema: {
      body: {
        type: 'object',
        required: ['code', 'account'],
        properties: { code: nameSchema, account: nameSchema, symbol: { type: 'string' } },
      },
    },
    handler: async (request) => {
      const { code, account, symbol } = request.body
      const ledger = contractLedger(state, code, 'accounts')
      const balances = ledger.balances.get(account) ?? new Map<string, bigint>()
      return [...balances]
        .filter(([code]) => symbol === undefined || code === symbol.toUpperCase())
        .map(([code, amount]) => formatAsset(amount, ledger.stats.get(code)?.precision ?? 0, code))
    },
  })

  app.route<{ Body: { block_num_or_id: string | number } }>({
    method: 'POST',
    url: '/v1/chain/get_block',
    config: { nodeBody: 'required' },
    schema: {
      body: {
        type: 'object',
        required: ['block_num_or_id'],
        properties: { block_num_or_id: stringOrInteger },
      },
    },
    handler: async (request) => {
      const block = findBlock(state, request.body.block_num_or_id, 'get_block')
      return {
        ...renderBlockHeader(block),
        new_producers: null,
        header_extensions: [],
        transactions: block.transactionIds.flatMap((id) => {
          const executed = state.transactions.get(id)
          if (!executed) return []
          return [
            {
              ...executed.receipt,
              trx: {
                id,
                ...executed.packed,
                context_free_data: [],
                transaction: executed.transaction,
              },
            },
          ]
        }),
        // Left out although nodeos sends `[]`: WharfKit cannot decode the field's type.
        id: block.id,
        block_num: block.num,
        ref_block_prefix: refBlockPrefixOf(block.id),
      }
    },
  })

  app.route<{ Body: { block_num: string | number } }>({
    method: 'POST',
    url: '/v1/chain/get_block_info',
    config: { nodeBody: 'required' },
    schema: {
      body: { type: 'object', required: ['block_num'], properties: { block_num: uintLike } },
    },
    handler: async (request) => {
      const block = findBlock(state, request.body.block_num, 'get_block_info')
      return {
        block_num: block.num,
        ref_block_num: block.num & 0xffff,
        id: block.id,
        ...renderBlockHeader(block),
        ref_block_prefix: refBlockPrefixOf(block.id),
      }
    },
  })

  // A GET carries no body, so nodeos answers it as a request without parameters.
  for (const url of READ_ENDPOINTS_WITH_PARAMS) {
    app.get(url, { config: { nodeBody: 'required' } }, async () => {
      throw nodeErrors.requestBodyRequired()
    })
  }
}
