import type { NftTemplate } from '@fernwood/protocol'
import { useTexts } from '../i18n/current'
import { nftImageUrl, useNftLinks } from './use-nft-links'
import './nft-picture.css'

/** An NFT's picture, from the IPFS gateway, loaded once it nears the screen. */
export function NftPicture({ nft, size = 64 }: { nft: NftTemplate; size?: number }) {
  const texts = useTexts()
  const links = useNftLinks()
  if (!links) return <span className="nft-picture nft-picture--loading" aria-hidden="true" />
  return (
    <img
      className="nft-picture"
      src={nftImageUrl(nft.image, links.ipfsGateway)}
      alt={texts.nftPicture(nft.name)}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  )
}
