import { type APIClient, Bytes } from '@wharfkit/antelope'
import { type AssetRow, assetsHeldBy } from '../nfts/held-assets.ts'

/**
 * The first read's rows, newest first: a transaction mints a few dozen at most, so a short page
 * nearly always holds its owner's. An asset its owner sent on is in none, and the reads after
 * take full pages, as many as a search of every asset would.
 */
const NEWEST_FIRST_PAGE_SIZE = 100

/** The widest span of asset ids read at once where the mints' traces said the assets are. */
const TRACED_SPAN_LIMIT = 1000

/** A reward whose asset was minted, and the account it was minted to. */
export interface MintedReward {
  rewardId: string
  owner: string
}

/**
 * The asset each reward minted, by reward id, found in its owner's AtomicAssets assets through the
 * reward id its mutable data carries (nft-actions.ts). The worker asks once the mint is
 * irreversible, so the asset is there unless its owner has already sent it on: such a reward is
 * left out, and its history entry shows the NFT without an asset id. Where the mints' traces said
 * the assets are (`tracedAsset`), the owner's rows between those ids are read first, in one read.
 * The rest are searched for, newest first: the ids a trace shows are the ones the node that
 * answered the send gave in its own run, and the producer's block may have run other mints first
 * (AtomicAssets numbers every mint from one counter), or a fork run it again.
 */
export async function findMintedAssets(
  client: APIClient,
  minted: MintedReward[],
  tracedAsset: (rewardId: string) => string | undefined = () => undefined,
): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  const owners = new Map<string, MintedReward[]>()
  for (const reward of minted)
    owners.set(reward.owner, [...(owners.get(reward.owner) ?? []), reward])
  for (const [owner, rewards] of owners) {
    // A string attribute is its length (36, a byte) and its bytes: how a reward id appears.
    const ties = new Map(
      rewards.map((reward) => [
        `24${Bytes.from(reward.rewardId, 'utf8').hexString}`,
        reward.rewardId,
      ]),
    )
    const take = (row: AssetRow) => {
      for (const [tie, rewardId] of ties) {
        if (!row.mutable_serialized_data.includes(tie)) continue
        found.set(rewardId, String(row.asset_id))
        ties.delete(tie)
      }
    }
    const traced = rewards.flatMap((reward) => {
      const assetId = tracedAsset(reward.rewardId)
      // AtomicAssets' ids start at 2^40: well within a number's exact integers.
      return assetId ? [Number(assetId)] : []
    })
    if (traced.length > 0) {
      const lowest = Math.min(...traced)
      const highest = Math.max(...traced)
      if (highest - lowest < TRACED_SPAN_LIMIT) {
        const span = assetsHeldBy(client, owner, {
          ids: { from: lowest, to: highest },
          firstPageSize: highest - lowest + 1,
        })
        for await (const row of span) take(row)
      }
    }
    if (ties.size === 0) continue
    // Newest first, until each is found: a reward's asset is among its owner's last, however many
    // the owner holds.
    const held = assetsHeldBy(client, owner, {
      newestFirst: true,
      firstPageSize: NEWEST_FIRST_PAGE_SIZE,
    })
    for await (const row of held) {
      take(row)
      if (ties.size === 0) break
    }
  }
  return found
}
