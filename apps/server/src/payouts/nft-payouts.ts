import { REJECTION_REASONS } from '@fernwood/protocol'
import type { Database } from '../db/database.ts'
import { templateKey } from '../nfts/held-assets.ts'
import { readTemplate } from '../nfts/templates.ts'
import { rejectUnpayable } from '../rewards/lifecycle.ts'
import type { PayoutChainNode } from './chain-node.ts'
import { findMintedAssets } from './minted-assets.ts'
import type { PayableReward } from './payable-reward.ts'

/**
 * Of rewards about to get a new transaction, those their template can still mint (`payable`).
 * The others (past its max supply, as the chain's templates table says now) are left out, and
 * rejected with `nft_supply_exhausted` before anything is signed (`rejected`, their ids), unless
 * another worker has taken one over since: so that one of them cannot make the chain refuse a
 * whole batch. Should another minter take the last ones meanwhile, the chain refuses the mint,
 * and the reward is parked like any refused payout. Token and pool rewards pass through.
 */
export async function keepMintable(
  database: Database,
  node: PayoutChainNode,
  rewards: PayableReward[],
): Promise<{ payable: PayableReward[]; rejected: string[] }> {
  const byTemplate = new Map<string, PayableReward[]>()
  for (const reward of rewards) {
    if (!reward.nft || reward.nft.pool) continue
    const key = templateKey(reward.nft.collection, reward.nft.templateId)
    byTemplate.set(key, [...(byTemplate.get(key) ?? []), reward])
  }
  const exhausted = new Set<string>()
  for (const minting of byTemplate.values()) {
    const { collection, templateId } = minting[0].nft ?? { collection: '', templateId: 0 }
    const template = await node.read((client) => readTemplate(client, collection, templateId))
    if (!template || template.maxSupply === 0) continue
    const left = Math.max(0, template.maxSupply - template.issuedSupply)
    for (const reward of minting.slice(left)) exhausted.add(reward.id)
  }
  if (exhausted.size === 0) return { payable: rewards, rejected: [] }
  const rejected = await rejectUnpayable(
    database,
    rewards.filter((reward) => exhausted.has(reward.id)),
    'nft_supply_exhausted',
    REJECTION_REASONS.nft_supply_exhausted,
  )
  return { payable: rewards.filter((reward) => !exhausted.has(reward.id)), rejected }
}

/** The asset each minted NFT reward made, by reward id (none for token or pool rewards). */
export async function mintedAssetsOf(
  node: PayoutChainNode,
  rewards: PayableReward[],
): Promise<Map<string, string>> {
  const minted = rewards
    .filter((reward) => reward.nft && !reward.nft.pool)
    .map((reward) => ({ rewardId: reward.id, owner: reward.waxAccount }))
  if (minted.length === 0) return new Map()
  return node.read((client) =>
    findMintedAssets(client, minted, (rewardId) => node.mintedAssetOf(rewardId)),
  )
}
