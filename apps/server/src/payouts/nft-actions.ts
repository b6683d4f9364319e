import { ABI, Action, type PermissionLevel } from '@wharfkit/antelope'
import { ATOMICASSETS } from '../nfts/templates.ts'

/** An NFT a reward pays: a new asset of `templateId`, minted by the payout account to `to`. */
export interface NftMint {
  collection: string
  schema: string
  templateId: number
  to: string
  /** the reward the asset pays, written into its mutable data (see REWARD_TIE_ATTRIBUTE) */
  rewardId: string
}

/**
 * An NFT a pool reward pays: `assetId`, one the payout account holds, sent to `to` by
 * AtomicAssets' `transfer`, whose memo names the reward as a token transfer's does.
 */
export interface NftTransfer {
  assetId: string
  to: string
  memo: string
}

/**
 * A mint has no memo. Each asset instead carries the id of the reward it pays in its mutable data,
 * under this attribute (a `string` of the template's schema): the chain itself then says which
 * reward every asset the payout account minted pays, in the mint action (which Hyperion indexes,
 * so reconcile reads it as it reads a transfer's memo) and in the asset's row (where the worker
 * finds the asset id). Mutable, not immutable, so a collection may clear it later; the mint action
 * in the history keeps it regardless. The cost: one attribute in the schema, and 38 of the 189 bytes of
 * RAM an asset costs its minter.
 */
export const REWARD_TIE_ATTRIBUTE = 'reward'

/**
 * Mints per payout transaction, by measurement on the devchain (which bills a transaction's CPU
 * as the time AtomicAssets' own WASM takes): a mint costs 0.7 to 1.3 ms once the VM is warm and up
 * to 4.6 ms cold, some five times a token transfer. The costliest batch of 25 seen took 78 ms,
 * about half WAX's 150 ms limit per transaction; 50, as tokens are batched, could reach it cold.
 * RAM is no limit here: each asset costs its minter 189 bytes, whatever the batch.
 */
export const NFT_MINTS_PER_TRANSACTION = 25

/** The value types of AtomicAssets' ATTRIBUTE_MAP, in the order its ABI numbers them. */
const ATOMIC_VALUE_TYPES = [
  'int8',
  'int16',
  'int32',
  'int64',
  'uint8',
  'uint16',
  'uint32',
  'uint64',
  'float32',
  'float64',
  'string',
  'INT8_VEC',
  'INT16_VEC',
  'INT32_VEC',
  'INT64_VEC',
  'UINT8_VEC',
  'UINT16_VEC',
  'UINT32_VEC',
  'UINT64_VEC',
  'FLOAT_VEC',
  'DOUBLE_VEC',
  'STRING_VEC',
]

/** An ABI struct of `fields` in their order (name to type). */
function struct(name: string, fields: Record<string, string>) {
  return {
    name,
    base: '',
    fields: Object.entries(fields).map(([field, type]) => ({ name: field, type })),
  }
}

/**
 * The part of AtomicAssets' ABI a mint and a transfer need, kept here for the reason signer.ts encodes transfers
 * itself: a payout never waits on fetching an ABI.
 */
const ATOMICASSETS_ABI = ABI.from({
  version: 'eosio::abi/1.1',
  types: [
    { new_type_name: 'ATTRIBUTE_MAP', type: 'pair_string_AtomicValue[]' },
    { new_type_name: 'INT8_VEC', type: 'bytes' },
    { new_type_name: 'INT16_VEC', type: 'int16[]' },
    { new_type_name: 'INT32_VEC', type: 'int32[]' },
    { new_type_name: 'INT64_VEC', type: 'int64[]' },
    { new_type_name: 'UINT8_VEC', type: 'bytes' },
    { new_type_name: 'UINT16_VEC', type: 'uint16[]' },
    { new_type_name: 'UINT32_VEC', type: 'uint32[]' },
    { new_type_name: 'UINT64_VEC', type: 'uint64[]' },
    { new_type_name: 'FLOAT_VEC', type: 'float32[]' },
    { new_type_name: 'DOUBLE_VEC', type: 'float64[]' },
    { new_type_name: 'STRING_VEC', type: 'string[]' },
  ],
  structs: [
    struct('pair_string_AtomicValue', { key: 'string', value: 'AtomicValue' }),
    struct('mintasset', {
      authorized_minter: 'name',
      collection_name: 'name',
      schema_name: 'name',
      template_id: 'int32',
      new_asset_owner: 'name',
      immutable_data: 'ATTRIBUTE_MAP',
      mutable_data: 'ATTRIBUTE_MAP',
      tokens_to_back: 'asset[]',
    }),
    struct('transfer', { from: 'name', to: 'name', asset_ids: 'uint64[]', memo: 'string' }),
  ],
  variants: [{ name: 'AtomicValue', types: ATOMIC_VALUE_TYPES }],
  actions: [
    { name: 'mintasset', type: 'mintasset', ricardian_contract: '' },
    { name: 'transfer', type: 'transfer', ricardian_contract: '' },
  ],
})

/** AtomicAssets' `mintasset` of `mint`, authorised by (and charging the RAM to) `minter`. */
export function mintAction(minter: PermissionLevel, mint: NftMint): Action {
  return atomicAssetsAction('mintasset', minter, {
    authorized_minter: minter.actor,
    collection_name: mint.collection,
    schema_name: mint.schema,
    template_id: mint.templateId,
    new_asset_owner: mint.to,
    immutable_data: [],
    mutable_data: [{ key: REWARD_TIE_ATTRIBUTE, value: ['string', mint.rewardId] }],
    tokens_to_back: [],
  })
}

/** AtomicAssets' `transfer` of `transfer.assetId` from (and authorised by) `owner`. */
export function assetTransferAction(owner: PermissionLevel, transfer: NftTransfer): Action {
  return atomicAssetsAction('transfer', owner, {
    from: owner.actor,
    to: transfer.to,
    asset_ids: [transfer.assetId],
    memo: transfer.memo,
  })
}

function atomicAssetsAction(
  name: 'mintasset' | 'transfer',
  authority: PermissionLevel,
  data: Record<string, unknown>,
): Action {
  return Action.from(
    { account: ATOMICASSETS, name, authorization: [authority], data },
    ATOMICASSETS_ABI,
  )
}

/**
 * The reward a mint action's data names, read from its mutable data as a history source writes
 * it: AtomicAssets' pairs (`[{key, value: [type, value]}]`), or an object of attributes.
 */
function rewardTieOf(mutableData: unknown): string | undefined {
  if (Array.isArray(mutableData)) {
    const pair = mutableData.find(
      (entry): entry is { key: string; value: unknown } =>
        typeof entry === 'object' && entry !== null && entry.key === REWARD_TIE_ATTRIBUTE,
    )
    const value = Array.isArray(pair?.value) ? pair.value[1] : pair?.value
    return typeof value === 'string' ? value : undefined
  }
  if (typeof mutableData === 'object' && mutableData !== null) {
    const value = (mutableData as Record<string, unknown>)[REWARD_TIE_ATTRIBUTE]
    return typeof value === 'string' ? value : undefined
  }
  return undefined
}

/**
 * The assets a transaction minted, by the reward each one's tie names, as the node that executed
 * it traced them: AtomicAssets logs every mint with an inline `logmint` carrying the new asset's
 * id and its mutable data. The ids are the node's own run's: the block that counts may have run
 * other mints first, or a fork run it again, so a reader takes them as where to look first.
 */
export function assetsMintedIn(actionTraces: unknown): Map<string, string> {
  const minted = new Map<string, string>()
  if (!Array.isArray(actionTraces)) return minted
  for (const trace of actionTraces as Array<{ receiver?: unknown; act?: TracedAct } | null>) {
    const act = trace?.act
    if (trace?.receiver !== ATOMICASSETS || act?.account !== ATOMICASSETS) continue
    if (act.name !== 'logmint' || typeof act.data !== 'object' || act.data === null) continue
    const tie = rewardTieOf(act.data.mutable_data)
    const assetId = act.data.asset_id
    if (tie && (typeof assetId === 'string' || typeof assetId === 'number')) {
      minted.set(tie, String(assetId))
    }
  }
  return minted
}

/** An action as a node's trace shows it, its data decoded by the contract's ABI. */
interface TracedAct {
  account?: unknown
  name?: unknown
  data?: Record<string, unknown> | null
}

/**
 * A mint as reconcile compares payments: from its minter to the new owner, of
 * '<collection>:<template id>', with the memo a transfer for the reward its tie names would carry.
 */
export function mintAsPayment(data: Record<string, unknown>) {
  const tie = rewardTieOf(data.mutable_data)
  return {
    from: String(data.authorized_minter),
    to: String(data.new_asset_owner),
    quantity: `${String(data.collection_name)}:${String(data.template_id)}`,
    memo: tie ? `reward ${tie}` : '',
  }
}

/**
 * An AtomicAssets transfer as reconcile compares payments: of 'asset <id>' (the ids, should it
 * send several), so that a pool reward is checked against the very asset it took.
 */
export function assetTransferAsPayment(data: Record<string, unknown>) {
  const assetIds = Array.isArray(data.asset_ids) ? data.asset_ids.map(String) : []
  return {
    from: String(data.from),
    to: String(data.to),
    quantity: `asset ${assetIds.join(',')}`,
    memo: String(data.memo ?? ''),
  }
}
