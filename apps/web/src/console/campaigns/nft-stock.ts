import type { AdminCampaign, NftTemplatePreview } from '@fernwood/protocol/admin'
import type { ConsoleTexts } from '../texts/en'

/** How an NFT campaign pays: a new asset of its template minted, or one from the payout account's pool. */
export type NftSource = NonNullable<AdminCampaign['nftSource']>

/** A line of what a template has left to give, `refused` when a campaign of it would be. */
export interface StockLine {
  text: string
  refused: boolean
}

/**
 * What the new-campaign form's preview says a template has to give: its supply for a mint, the
 * assets the payout account holds for a pool (none, and the server refuses the pool).
 */
export function templateStockOf(
  preview: NftTemplatePreview,
  source: NftSource,
  texts: ConsoleTexts,
): StockLine {
  if (source === 'mint') {
    return { text: texts.nftSupply(preview.supply.issued, preview.supply.max), refused: false }
  }
  return preview.held > 0
    ? { text: texts.nftPoolHeld(preview.held), refused: false }
    : { text: texts.nftPoolEmpty, refused: true }
}

/**
 * What the campaigns table says an NFT campaign has left, as the chain last answered: a pool's
 * assets still to hand out, a mint's template supply; nothing while the chain cannot be read.
 * `column` names the figure for whoever reads the table.
 */
export function campaignStockOf(
  campaign: AdminCampaign,
  texts: ConsoleTexts,
): { column: 'nft-pool' | 'nft-supply'; text: string } | undefined {
  if (campaign.nftSource === 'pool') {
    return campaign.nftPoolSize === undefined
      ? undefined
      : { column: 'nft-pool', text: texts.nftPoolLeft(campaign.nftPoolSize) }
  }
  return campaign.nftSupply
    ? {
        column: 'nft-supply',
        text: texts.nftSupply(campaign.nftSupply.issued, campaign.nftSupply.max),
      }
    : undefined
}
