import type { AdminCampaign } from '@fernwood/protocol/admin'
import { readTemplate } from '../nfts/templates.ts'
import type { PayoutChainNode } from '../payouts/chain-node.ts'

/**
 * `campaigns` with each NFT campaign's template supply as the chain has it now, read once per
 * template. A template the chain does not answer for (within the node's timeout) is left without
 * one: the overview is the database's and must not fail with the chain.
 */
export async function withNftSupply(
  node: PayoutChainNode,
  campaigns: AdminCampaign[],
): Promise<AdminCampaign[]> {
  const supplies = new Map<string, Promise<AdminCampaign['nftSupply']>>()
  const supplyOf = ({ collection, templateId }: NonNullable<AdminCampaign['nft']>) => {
    const key = `${collection}:${templateId}`
    let supply = supplies.get(key)
    if (!supply) {
      supply = node
        .read((client) => readTemplate(client, collection, templateId))
        .then(
          (template) => template && { issued: template.issuedSupply, max: template.maxSupply },
          () => undefined,
        )
      supplies.set(key, supply)
    }
    return supply
  }
  return Promise.all(
    campaigns.map(async (campaign) => {
      const nftSupply = campaign.nft && (await supplyOf(campaign.nft))
      return nftSupply ? { ...campaign, nftSupply } : campaign
    }),
  )
}
