import type { AdminCampaign } from '@fernwood/protocol/admin'
import type { Queryable } from '../db/database.ts'
import { readTemplate } from '../nfts/templates.ts'
import type { PayoutChainNode } from '../payouts/chain-node.ts'
import { poolSizeOf } from '../payouts/nft-pools.ts'

/**
 * `campaigns` with each NFT campaign's template supply as the chain has it now, and each pool
 * campaign's assets left in `payoutAccount`'s pool, each read once per template. What the chain
 * does not answer for (within the node's timeout) is left out: the overview is the database's
 * and must not fail with the chain.
 */
export async function withNftSupply(
  db: Queryable,
  node: PayoutChainNode,
  payoutAccount: string,
  campaigns: AdminCampaign[],
): Promise<AdminCampaign[]> {
  const reads = new Map<string, Promise<unknown>>()
  const once = <T>(key: string, read: () => Promise<T>): Promise<T | undefined> => {
    let answer = reads.get(key) as Promise<T | undefined> | undefined
    if (!answer) {
      answer = read().catch(() => undefined)
      reads.set(key, answer)
    }
    return answer
  }
  return Promise.all(
    campaigns.map(async (campaign) => {
      const { nft } = campaign
      if (!nft) return campaign
      const { collection, templateId } = nft
      const key = `${collection}:${templateId}`
      const template = await once(`template ${key}`, () =>
        node.read((client) => readTemplate(client, collection, templateId)),
      )
      const nftPoolSize =
        campaign.nftSource === 'pool'
          ? await once(`pool ${key}`, () => poolSizeOf(db, node, payoutAccount, nft))
          : undefined
      return {
        ...campaign,
        ...(template && { nftSupply: { issued: template.issuedSupply, max: template.maxSupply } }),
        ...(nftPoolSize !== undefined && { nftPoolSize }),
      }
    }),
  )
}
