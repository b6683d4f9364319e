import type { NftTemplate } from '@fernwood/protocol'
import { useConfig } from '../config/use-config'
import { useTexts } from '../i18n/current'
import './nft-picture.css'

/** A template's img as a URL: itself when it is one, else after the gateway ('ipfs://' dropped). */
function nftImageUrl(image: string, ipfsGateway: string): string {
  if (/^https?:\/\//.test(image)) return image
  return `${ipfsGateway}/${image.replace(/^ipfs:\/\//, '').replace(/^\/+/, '')}`
}

/**
 * An NFT's picture, from the IPFS gateway, loaded once it nears the screen. `size` is its width
 * and height in pixels; a `className` may let it grow with its card instead (it keeps its square).
 */
export function NftPicture({
  nft,
  size = 64,
  className,
}: {
  nft: NftTemplate
  size?: number
  className?: string
}) {
  const texts = useTexts()
  const config = useConfig()
  const classes = className ? `nft-picture ${className}` : 'nft-picture'
  if (!config) return <span className={`${classes} nft-picture--loading`} aria-hidden="true" />
  return (
    <img
      className={classes}
      src={nftImageUrl(nft.image, config.ipfsGateway)}
      alt={texts.nftPicture(nft.name)}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  )
}
