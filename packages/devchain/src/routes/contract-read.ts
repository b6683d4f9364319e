import { type ABI, Checksum256, Name, Serializer } from '@wharfkit/antelope'
import type { FastifyInstance } from 'fastify'
import type { ChainState } from '../chain-state'
import { MAX_KEY, type TableRow } from '../contract-tables'
import { nodeErrors } from '../errors'
import { balancesOf, symbolCodeValue } from '../token-balances'
import { nameSchema } from './node-api'

const ZERO_HASH = '0'.repeat(64)
const stringOrInteger = { anyOf: [{ type: 'string' }, { type: 'integer' }] }

/** The body of the endpoints that read one account: get_account, get_abi, get_raw_abi, … */
export const accountNameBody = {
  type: 'object',
  required: ['account_name'],
  properties: { account_name: nameSchema },
} as const

const READ_ENDPOINTS_WITH_PARAMS = [
  'get_abi',
  'get_raw_abi',
  'get_raw_code_and_abi',
  'get_code_hash',
  'get_table_rows',
  'get_currency_balance',
].map((name) => `/v1/chain/${name}`)

/** A table scope or bound as nodeos converts it: number, then name, then symbol. */
function keyToU64(text: string, description: string): bigint {
  const trimmed = text.trim()
  if (trimmed === '') return 0n
  if (/^\d+$/.test(trimmed)) return BigInt(trimmed)
  if (/^[.1-5a-z]{1,12}[.1-5a-j]?$/.test(trimmed)) {
    return BigInt(String(Name.from(trimmed).value))
  }
  const symbol = /^(?:\d+,)?([A-Z]{1,7})$/.exec(trimmed)
  if (symbol) return symbolCodeValue(symbol[1])
  throw nodeErrors.unconvertibleKey(description, text)
}

/**
 * chain_plugin's index_position: the primary index, or a secondary one by its number (2 is the
 * first secondary) or its ordinal word.
 */
function secondaryIndexOf(position: string | number | undefined): number | undefined {
  const text = String(position ?? '').trim()
  const words = ['sec', 'ter', 'fou', 'fif', 'six', 'sev', 'eig', 'nin', 'ten']
  if (text === '' || ['first', 'primary', 'one'].includes(text)) return undefined
  if (text === 'two') return 0
  if (text.startsWith('th')) return 1
  const word = words.findIndex((prefix) => text.startsWith(prefix))
  if (word >= 0) return word
  if (!/^\d+$/.test(text)) {
    throw nodeErrors.tableQuery(`Invalid index_position: ${text}`)
  }
  const number = Number(text)
  return number < 2 ? undefined : number - 2
}

/** A contract's ABI, or nodeos' refusal for an account that does not exist. */
function abiOf(state: ChainState, account: string): ABI | undefined {
  if (!state.accounts.has(account)) throw nodeErrors.accountNotRetrievable(account)
  return state.contracts.contractOf(account)?.abi
}

interface RowsQuery {
  code: string
  table: string
  scope?: string | number
  json?: boolean
  lower_bound?: string | number
  upper_bound?: string | number
  limit?: number
  reverse?: boolean
  show_payer?: boolean
  key_type?: string
  index_position?: string | number
}

/**
 * Rows of a table in the order of the index asked for, within the bounds, reversed when asked,
 * at most `take` of them: the primary key, or a 64-bit secondary key (`i64` or `name`), the only
 * kind the devchain's contracts index by.
 */
function orderedRows(
  state: ChainState,
  query: RowsQuery,
  scope: bigint,
  bound: (value: string | number | undefined, fallback: bigint) => bigint,
  { reverse, take }: { reverse: boolean; take: number },
): { key: bigint; row: TableRow }[] {
  const lower = bound(query.lower_bound, 0n)
  const upper = bound(query.upper_bound, MAX_KEY)
  const index = secondaryIndexOf(query.index_position)
  if (index === undefined) {
    return state.tables
      .rowsBetween(query.code, scope, query.table, { lower, upper, limit: take, reverse })
      .map((row) => ({ key: row.primaryKey, row }))
  }
  const keyType = query.key_type ?? 'i64'
  if (keyType !== 'i64' && keyType !== 'name') {
    throw nodeErrors.tableQuery(`Unsupported secondary index type: ${keyType}`)
  }
  const indexTable = (BigInt(String(Name.from(query.table).value)) & ~15n) | BigInt(index)
  const byPrimary = new Map(
    state.tables.rows(query.code, scope, query.table).map((row) => [row.primaryKey, row]),
  )
  const matching = state.tables
    .secondaryKeys(query.code, scope, indexTable)
    .filter(({ secondaryKey }) => secondaryKey >= lower && secondaryKey <= upper)
    .flatMap(({ primaryKey, secondaryKey }) => {
      const row = byPrimary.get(primaryKey)
      return row ? [{ key: secondaryKey, row }] : []
    })
  if (reverse) matching.reverse()
  return matching.slice(0, take)
}

/**
 * What nodeos' chain API answers from contracts: their ABIs, their code, their tables and token
 * balances, read from the tables the contracts themselves wrote.
 */
export function registerContractReadRoutes(app: FastifyInstance, state: ChainState): void {
  app.post<{ Body: { account_name: string } }>(
    '/v1/chain/get_abi',
    { config: { nodeBody: 'required' }, schema: { body: accountNameBody } },
    async (request) => {
      const name = request.body.account_name
      const abi = abiOf(state, name)
      return abi
        ? {
            account_name: name,
            abi: { ...Serializer.objectify(abi), error_messages: [], abi_extensions: [] },
          }
        : { account_name: name }
    },
  )

  app.post<{ Body: { account_name: string } }>(
    '/v1/chain/get_raw_abi',
    {
      config: { nodeBody: 'required' },
      schema: {
        body: {
          ...accountNameBody,
          properties: { ...accountNameBody.properties, abi_hash: { type: 'string' } },
        },
      },
    },
    async (request) => {
      const name = request.body.account_name
      abiOf(state, name)
      const contract = state.contracts.contractOf(name)
      if (!contract) {
        return { account_name: name, code_hash: ZERO_HASH, abi_hash: ZERO_HASH, abi: '' }
      }
      const packed = Serializer.encode({ object: contract.abi }).array
      return {
        account_name: name,
        code_hash: contract.codeHash,
        abi_hash: String(Checksum256.hash(packed)),
        abi: Buffer.from(packed).toString('base64'),
      }
    },
  )

  app.post<{ Body: { account_name: string } }>(
    '/v1/chain/get_raw_code_and_abi',
    { config: { nodeBody: 'required' }, schema: { body: accountNameBody } },
    async (request) => {
      const name = request.body.account_name
      abiOf(state, name)
      const contract = state.contracts.contractOf(name)
      return {
        account_name: name,
        wasm: contract?.wasm ? Buffer.from(contract.wasm).toString('base64') : '',
        abi: contract
          ? Buffer.from(Serializer.encode({ object: contract.abi }).array).toString('base64')
          : '',
      }
    },
  )

  app.post<{ Body: { account_name: string } }>(
    '/v1/chain/get_code_hash',
    { config: { nodeBody: 'required' }, schema: { body: accountNameBody } },
    async (request) => {
      const name = request.body.account_name
      abiOf(state, name)
      return {
        account_name: name,
        code_hash: state.contracts.contractOf(name)?.codeHash ?? ZERO_HASH,
      }
    },
  )

  app.post<{ Body: RowsQuery }>(
    '/v1/chain/get_table_rows',
    {
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
            encode_type: { type: 'string' },
          },
        },
      },
    },
    async (request) => {
      const query = request.body
      const { code, table, json = false, limit = 10, reverse = false, show_payer } = query
      const abi = abiOf(state, code)
      const type = abi?.tables.find((candidate) => String(candidate.name) === table)?.type
      if (!abi || !type) throw nodeErrors.tableNotInAbi(table)
      const scope = keyToU64(String(query.scope ?? ''), 'scope')
      const bound = (value: string | number | undefined, fallback: bigint) =>
        value === undefined || value === '' ? fallback : keyToU64(String(value), 'bound')
      // One row past the page says whether there are more, and where they start.
      const matching = orderedRows(state, query, scope, bound, { reverse, take: limit + 1 })
      const page = matching.slice(0, limit)
      const more = matching.length > page.length
      const rows = page.map(({ row }) => {
        const data = json
          ? Serializer.objectify(Serializer.decode({ data: row.value, type: String(type), abi }))
          : Buffer.from(row.value).toString('hex')
        return show_payer ? { data, payer: row.payer } : data
      })
      return { rows, more, next_key: more ? String(matching[limit].key) : '' }
    },
  )

  app.post<{ Body: { code: string; account: string; symbol?: string } }>(
    '/v1/chain/get_currency_balance',
    {
      config: { nodeBody: 'required' },
      schema: {
        body: {
          type: 'object',
          required: ['code', 'account'],
          properties: { code: nameSchema, account: nameSchema, symbol: { type: 'string' } },
        },
      },
    },
    async (request) => {
      const { code, account, symbol } = request.body
      const abi = abiOf(state, code)
      if (!abi?.tables.some((candidate) => String(candidate.name) === 'accounts')) {
        throw nodeErrors.tableNotInAbi('accounts')
      }
      return balancesOf(state.tables, code, account)
        .filter(
          (balance) => symbol === undefined || String(balance.symbol.code) === symbol.toUpperCase(),
        )
        .map(String)
    },
  )

  // A GET carries no body, so nodeos answers it as a request without parameters.
  for (const url of READ_ENDPOINTS_WITH_PARAMS) {
    app.get(url, { config: { nodeBody: 'required' } }, async () => {
      throw nodeErrors.requestBodyRequired()
    })
  }
}
