import type { AdminCampaign } from '@fernwood/protocol/admin'
import type { Queryable } from '../db/database.ts'
import { readTemplate } from '../nfts/templates.ts'
import type { PayoutChainNode } from '../payouts/chain-node.ts'
import { poolSizeOf } from '../payouts/nft-pools.ts'

export interface NftStockOptions {
  db: Queryable
  node: Pick<PayoutChainNode, 'read'>
  payoutAccount: string
  /**
   * How long an answer is reused: while claims pour in, the overview is read again after every
   * change, and the chain need not be asked each time.
   */
  keepMs: number
}

/**
 * Adds to an overview's campaigns each NFT campaign's template supply as the chain answers, and
 * each pool campaign's assets left in the payout account's pool, read once per template and kept
 * for `keepMs`. What the chain does not answer for (within the node's timeout) is left out: the
 * overview is the database's and must not fail with the chain.
 */
export function nftStockReader(options: NftStockOptions) {
  const { db, node, payoutAccount, keepMs } = options
  const answers = new Map<string, { until: number; answer: Promise<unknown> }>()
  const kept = <T>(key: string, read: () => Promise<T>): Promise<T | undefined> => {
    const now = Date.now()
    const known = answers.get(key)
    if (known && known.until > now) return known.answer as Promise<T | undefined>
    const answer = read().catch(() => undefined)
    answers.set(key, { until: now + keepMs, answer })
    return answer
  }

  return (campaigns: AdminCampaign[]): Promise<AdminCampaign[]> =>
    Promise.all(
      campaigns.map(async (campaign) => {
        const { nft } = campaign
        if (!nft) return campaign
        const { collection, templateId } = nft
        const key = `${collection}:${templateId}`
        const template = await kept(`template ${key}`, () =>
          node.read((client) => readTemplate(client, collection, templateId)),
        )
        const nftPoolSize =
          campaign.nftSource === 'pool'
            ? await kept(`pool ${key}`, () => poolSizeOf(db, node, payoutAccount, nft))
            : undefined
        return {
          ...campaign,
          ...(template && {
            nftSupply: { issued: template.issuedSupply, max: template.maxSupply },
          }),
          ...(nftPoolSize !== undefined && { nftPoolSize }),
        }
      }),
    )
}
