import type { PaidNft } from '@fernwood/protocol'
import { useTexts } from '../i18n/current'
import { NftPicture } from './nft-picture'
import './nft-treasure.css'

/**
 * A paid NFT as its Treasures card shows it: the art large, then its name, collection and asset
 * id, which opens the asset's own page (AtomicHub on WAX, the devchain's asset page there).
 */
export function NftTreasure({ nft, explorerAssetUrl }: { nft: PaidNft; explorerAssetUrl: string }) {
  const texts = useTexts()
  const { assetId } = nft
  return (
    <span className="treasure__nft">
      <NftPicture nft={nft} size={256} className="treasure__nft-picture" />
      <span className="treasure__nft-name">{nft.name}</span>
      <span className="treasure__nft-collection">{texts.nftCollection(nft.collection)}</span>
      {assetId && (
        <span className="treasure__nft-asset">
          {texts.nftAsset}{' '}
          <a
            href={explorerAssetUrl.replace('{id}', assetId)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={texts.nftAssetLinkLabel(assetId)}
          >
            #{assetId}
          </a>
        </span>
      )}
    </span>
  )
}
