import { PrivateKey } from '@wharfkit/antelope'
import type { FastifyInstance } from 'fastify'
import { type Authority, canonicalKey, legacyKey } from '../authority'
import { type Block, refBlockPrefixOf } from '../blocks'
import type { AccountRecord, ChainState } from '../chain-state'
import { nodeErrors } from '../errors'
import { renderMeter, slotOf } from '../resources'
import { seedPrivateKey } from '../seed'
import { formatTimePoint } from '../time'
import { balancesOf } from '../token-balances'
import { accountNameBody } from './contract-read'

const SERVER_VERSION = 'fernwood-devchain'
const CORE_CONTRACT = 'eosio.token'
const CORE_SYMBOL = 'WAX'
const ZERO_HASH = '0'.repeat(64)
const EPOCH = '1970-01-01T00:00:00.000'
const producerKey = PrivateKey.from(seedPrivateKey('eosio'))

const READ_ENDPOINTS_WITH_PARAMS = [
  'get_account',
  'get_accounts_by_authorizers',
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

/** chain_plugin's account_resource_limit with nothing in it: no subjective CPU billed here. */
const NO_SUBJECTIVE_BILL = {
  used: 0,
  available: 0,
  max: 0,
  last_usage_update_time: '2000-01-01T00:00:00.000',
  current_used: 0,
}

function renderAuthority(record: AccountRecord, permission: 'owner' | 'active') {
  const authority: Authority = record.permissions[permission]
  return {
    threshold: authority.threshold,
    keys: authority.keys.map(({ key, weight }) => ({ key: legacyKey(key), weight })),
    accounts: authority.accounts ?? [],
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
      const coreBalance = balancesOf(state.tables, CORE_CONTRACT, name).find(
        (balance) => String(balance.symbol.code) === CORE_SYMBOL,
      )
      const resources = state.resources.get(name)
      if (!resources) throw nodeErrors.internal(`${name} has no resource limits`)
      const unlimited = resources.ramQuota < 0
      const slot = slotOf(head.timestampMs)
      return {
        account_name: name,
        head_block_num: head.num,
        head_block_time: formatTimePoint(head.timestampMs),
        privileged: name === 'eosio',
        last_code_update: state.contracts.codeOf(name) ? formatTimePoint(record.createdMs) : EPOCH,
        created: formatTimePoint(record.createdMs),
        ...(coreBalance ? { core_liquid_balance: String(coreBalance) } : {}),
        ram_quota: resources.ramQuota,
        // Budgets are set directly, not derived from stake: there is no weight to show.
        net_weight: unlimited ? -1 : 0,
        cpu_weight: unlimited ? -1 : 0,
        net_limit: renderMeter(resources.net, slot),
        cpu_limit: renderMeter(resources.cpu, slot),
        ram_usage: resources.ramUsage,
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
        subjective_cpu_bill_limit: NO_SUBJECTIVE_BILL,
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
