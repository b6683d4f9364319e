import type { PaidNft } from '@fernwood/protocol'
import { useConfig } from '../config/use-config'
import { useTexts } from '../i18n/current'
import { NftPicture } from './nft-picture'
import './nft-treasure.css'

/**
 * A paid NFT in the Treasures list: its picture, name, collection and asset id, which links to
 * the chain's NFT explorer (AtomicHub on WAX); on the devchain, to the transaction that minted it.
 */
export function NftTreasure({
  nft,
  transactionId,
  explorerTransactionUrl,
}: {
  nft: PaidNft
  transactionId: string
  explorerTransactionUrl: string
}) {
  const texts = useTexts()
  const explorerAssetUrl = useConfig()?.chain.explorerAssetUrl
  const { assetId } = nft
  const assetPage = (id: string) =>
    explorerAssetUrl
      ? explorerAssetUrl.replace('{id}', id)
      : explorerTransactionUrl.replace('{id}', transactionId)
  return (
    <span className="treasure__nft">
      <NftPicture nft={nft} />
      <span className="treasure__nft-text">
        <span className="treasure__nft-name">{nft.name}</span>
        <span className="treasure__nft-collection">{texts.nftCollection(nft.collection)}</span>
        {assetId && (
          <span className="treasure__nft-asset">
            {texts.nftAsset}{' '}
            <a
              href={assetPage(assetId)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={texts.nftAssetLinkLabel(assetId)}
            >
              #{assetId}
            </a>
          </span>
        )}
      </span>
    </span>
  )
}
