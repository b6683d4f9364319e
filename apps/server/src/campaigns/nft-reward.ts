/**
 * What an NFT campaign pays: an asset of an AtomicAssets template, minted by the payout account
 * or (a pool) one it holds already. Schema, name and image are the template's immutable ones, as
 * the campaign was created.
 */
export interface NftReward {
  collection: string
  schema: string
  templateId: number
  name: string
  /** the template's `img`: an IPFS hash, or on the devchain a path from the chain's URL */
  image: string
  /** sent from the payout account's own assets of the template rather than minted */
  pool: boolean
}

/** The campaign row's NFT columns (migrations 019 and 023). */
export interface NftRewardColumns {
  nft_collection: string | null
  nft_schema: string | null
  nft_template_id: number | null
  nft_name: string | null
  nft_image: string | null
  nft_pool: boolean
}

export function nftRewardOf(row: NftRewardColumns): NftReward | null {
  if (row.nft_collection === null) return null
  return {
    collection: row.nft_collection,
    schema: String(row.nft_schema),
    templateId: Number(row.nft_template_id),
    name: String(row.nft_name),
    image: String(row.nft_image),
    pool: row.nft_pool,
  }
}

/** The NFT columns' values to insert, in their order (nulls for a token campaign). */
export function nftRewardColumns(nft: NftReward | null | undefined) {
  return [
    nft?.collection ?? null,
    nft?.schema ?? null,
    nft?.templateId ?? null,
    nft?.name ?? null,
    nft?.image ?? null,
    nft?.pool ?? false,
  ]
}

/**
 * What a campaign pays, as operators read it: '10.0000 FERN', 'NFT Ancient Relic
 * (fernwoodnfts:3)', or from a pool 'NFT Oak acorn from the pool (fernwoodnfts:2)'.
 */
export function rewardWords(rewardQuantity: string | null, nft: NftReward | null): string {
  if (!nft) return String(rewardQuantity)
  return `NFT ${nft.name}${nft.pool ? ' from the pool' : ''} (${nft.collection}:${nft.templateId})`
}
