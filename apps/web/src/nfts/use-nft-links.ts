import type { PublicConfig } from '@fernwood/protocol'
import { useEffect, useState } from 'react'
import { loadConfig } from '../config/store'

type NftLinks = Pick<PublicConfig, 'ipfsGateway'> & Pick<PublicConfig['chain'], 'explorerAssetUrl'>

/**
 * Where NFT images and asset pages are, from the deployment's config (loaded once for the page;
 * undefined for the moment it takes), so that a picture needs no props threaded to it.
 */
export function useNftLinks(): NftLinks | undefined {
  const [links, setLinks] = useState<NftLinks>()
  useEffect(() => {
    let current = true
    loadConfig().then(
      (config) => {
        if (current) {
          setLinks({
            ipfsGateway: config.ipfsGateway,
            explorerAssetUrl: config.chain.explorerAssetUrl,
          })
        }
      },
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [])
  return links
}

/** A template's img as a URL: itself when it is one, else after the gateway ('ipfs://' dropped). */
export function nftImageUrl(image: string, ipfsGateway: string): string {
  if (/^https?:\/\//.test(image)) return image
  return `${ipfsGateway}/${image.replace(/^ipfs:\/\//, '').replace(/^\/+/, '')}`
}
