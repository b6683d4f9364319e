import { type ABI, Action, Asset, Transaction } from '@wharfkit/antelope'
import { executeActions } from './action-execution'
import { ChainState, sortedAuthority } from './chain-state'
import { contractCode } from './contract-code'
import { TransactionScratch } from './contracts'
import type { ResourceBudget } from './resources'
import type { DevchainSeed } from './seed'
import { newAccountRamBytes } from './system-contract'

type GenesisAction = { account: string; name: string; actor: string; data: Record<string, unknown> }

/** AtomicAssets' attribute maps: each value tagged with its type. */
const attributes = (values: Record<string, string>) =>
  Object.entries(values).map(([key, value]) => ({ key, value: ['string', value] }))

/**
 * What the seed asks of the contracts, as their own actions: each token created, its supply
 * issued to its issuer and paid out to the seeded holders; AtomicAssets initialised with the
 * tokens assets may be backed with and the collection attributes WAX's has, the collection, its
 * schema and templates created, and the assets the seed says are held minted to their owners.
 */
function genesisActions(seed: DevchainSeed): GenesisAction[] {
  const actions: GenesisAction[] = []
  for (const token of seed.tokens) {
    const maximum = Asset.from(token.maxSupply)
    const balances = Object.entries(token.balances).map(
      ([owner, text]) => [owner, Asset.from(text)] as const,
    )
    for (const [owner, balance] of balances) {
      if (!balance.symbol.equals(maximum.symbol)) {
        throw new Error(`seed: balance ${balance} of ${owner} does not match ${token.maxSupply}`)
      }
    }
    const supply = balances.reduce(
      (sum, [, balance]) => Asset.fromUnits(sum.units.adding(balance.units), sum.symbol),
      Asset.fromUnits(0, maximum.symbol),
    )
    actions.push({
      account: token.contract,
      name: 'create',
      actor: token.contract,
      data: { issuer: token.issuer, maximum_supply: maximum },
    })
    if (!supply.units.equals(0)) {
      actions.push({
        account: token.contract,
        name: 'issue',
        actor: token.issuer,
        data: { to: token.issuer, quantity: supply, memo: 'genesis' },
      })
    }
    for (const [owner, balance] of balances) {
      if (owner === token.issuer) continue
      actions.push({
        account: token.contract,
        name: 'transfer',
        actor: token.issuer,
        data: { from: token.issuer, to: owner, quantity: balance, memo: 'genesis' },
      })
    }
  }
  const { contract, supportedTokens, collectionFormat, collection, schema, templates, held } =
    seed.nfts
  actions.push({ account: contract, name: 'init', actor: contract, data: {} })
  actions.push({
    account: contract,
    name: 'admincoledit',
    actor: contract,
    data: { collection_format_extension: collectionFormat },
  })
  for (const token of supportedTokens) {
    actions.push({
      account: contract,
      name: 'addconftoken',
      actor: contract,
      data: { token_contract: token.contract, token_symbol: token.symbol },
    })
  }
  const author = collection.author
  actions.push({
    account: contract,
    name: 'createcol',
    actor: author,
    data: {
      author,
      collection_name: collection.name,
      allow_notify: true,
      authorized_accounts: collection.authorizedAccounts,
      notify_accounts: [],
      market_fee: collection.marketFee,
      data: attributes(collection.data),
    },
  })
  actions.push({
    account: contract,
    name: 'createschema',
    actor: author,
    data: {
      authorized_creator: author,
      collection_name: collection.name,
      schema_name: schema.name,
      schema_format: schema.format,
    },
  })
  for (const template of templates) {
    actions.push({
      account: contract,
      name: 'createtempl',
      actor: author,
      data: {
        authorized_creator: author,
        collection_name: collection.name,
        schema_name: schema.name,
        transferable: true,
        burnable: true,
        max_supply: 0,
        immutable_data: attributes(template),
      },
    })
  }
  for (const { template, owner, count } of held) {
    const templateId = templates.findIndex(({ name }) => name === template) + 1
    if (templateId === 0) throw new Error(`seed: no template named ${template} to mint`)
    for (let minted = 0; minted < count; minted++) {
      actions.push({
        account: contract,
        name: 'mintasset',
        actor: author,
        data: {
          authorized_minter: author,
          collection_name: collection.name,
          schema_name: schema.name,
          template_id: templateId,
          new_asset_owner: owner,
          immutable_data: [],
          mutable_data: [],
          tokens_to_back: [],
        },
      })
    }
  }
  return actions
}

/**
 * The chain the seed describes: its accounts with their resources, the registry contracts
 * deployed (their code and ABI billed as setcode and setabi bill them), and the contracts' tables
 * filled by running the genesis actions in the VM, billed to their payers' RAM.
 */
export async function chainFromSeed(
  seed: DevchainSeed,
  chainId: string,
  nowMs: number,
  irreversibleLag: number,
): Promise<ChainState> {
  const { resources } = seed
  const state = ChainState.empty(chainId, nowMs, irreversibleLag, resources.newAccount)
  const budgetOf = (name: string): ResourceBudget | 'unlimited' =>
    resources.unlimited.includes(name)
      ? 'unlimited'
      : (resources.accounts[name] ?? resources.default)
  for (const account of seed.accounts) {
    const owner = sortedAuthority(account.owner)
    const active = sortedAuthority(account.active)
    state.accounts.set(account.name, {
      name: account.name,
      createdMs: nowMs,
      permissions: { owner, active },
    })
    state.resources.create(account.name, budgetOf(account.name))
    state.resources.addRamUsage(account.name, newAccountRamBytes(owner, active))
  }
  for (const [account, code] of Object.entries(seed.contracts)) {
    await state.deploy(account, code)
    const { wasm, packedAbi } = contractCode(code)
    state.resources.addRamUsage(account, wasm.length * 10 + packedAbi.length)
  }

  const abiOf = (account: string): ABI => {
    const abi = state.contracts.contractOf(account)?.abi
    if (!abi) throw new Error(`seed: ${account} runs no contract`)
    return abi
  }
  const transaction = Transaction.from({
    expiration: 0,
    ref_block_num: 0,
    ref_block_prefix: 0,
    actions: genesisActions(seed).map(({ account, name, actor, data }) =>
      Action.from(
        { account, name, authorization: [{ actor, permission: 'active' }], data },
        abiOf(account),
      ),
    ),
  })
  const { ramDeltas } = executeActions({
    transaction,
    scratch: new TransactionScratch(state, nowMs),
    tables: state.tables,
    contracts: state.contracts,
    blockTimeMs: nowMs,
    blockNum: state.blocks.pendingBlockNum,
  })
  for (const [account, bytes] of ramDeltas) state.resources.addRamUsage(account, bytes)
  state.tables.commit()
  return state
}
