import type { NftTemplate } from '@fernwood/protocol'
import { useTexts } from '../i18n/current'
import { NftPicture } from './nft-picture'
import './nft-on-its-way.css'

/**
 * An NFT reward not yet paid, in its Activity entry: the template's art large, veiled and
 * shimmering while it waits, with its name and where it is going. Paid, it is unveiled in
 * Treasures.
 */
export function NftOnItsWay({ nft }: { nft: NftTemplate }) {
  const texts = useTexts()
  return (
    <span className="nft-on-its-way">
      <span className="nft-on-its-way__frame">
        <NftPicture nft={nft} size={256} className="nft-on-its-way__picture" />
        <span className="nft-on-its-way__shimmer" aria-hidden="true" />
      </span>
      <span className="nft-on-its-way__words">
        <span className="nft-on-its-way__name">{nft.name}</span>
        <span className="nft-on-its-way__note">{texts.nftOnItsWay}</span>
      </span>
    </span>
  )
}
