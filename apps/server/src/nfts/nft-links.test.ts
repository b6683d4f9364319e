import { describe, expect, it } from 'vitest'
import type { ChainSettings } from '../chain/chain-settings.ts'
import { publicChainSettings } from '../chain/chain-settings.ts'
import { contentSecurityPolicy } from '../http/content-security-policy.ts'
import { DEFAULT_IPFS_GATEWAY, explorerAssetUrlOn, ipfsGatewayFor } from './nft-links.ts'

const devchain: ChainSettings = {
  name: 'devchain',
  id: '0'.repeat(64),
  apiUrl: 'http://devchain.in-process',
  publicApiUrl: '/devchain',
  explorerTransactionUrl: '/devchain/tx/{id}',
}
const wax = publicChainSettings('wax', undefined)

const imageSources = (ipfsGateway: string) => {
  const policy = contentSecurityPolicy({ chainApiUrl: '/devchain', https: true, ipfsGateway })
  return (policy as { directives: Record<string, string[]> }).directives.imgSrc
}

describe('where NFT images and asset pages are', () => {
  it('reads images from a public IPFS gateway on WAX, the devchain itself on the devchain, or IPFS_GATEWAY', () => {
    expect(ipfsGatewayFor(undefined, wax)).toBe(DEFAULT_IPFS_GATEWAY)
    expect(ipfsGatewayFor(undefined, devchain)).toBe('/devchain')
    expect(ipfsGatewayFor('https://gateway.pinata.cloud/ipfs/', wax)).toBe(
      'https://gateway.pinata.cloud/ipfs',
    )
  })

  it('the Content-Security-Policy allows images from exactly the gateway in use', () => {
    expect(imageSources('https://ipfs.io/ipfs')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://ipfs.io',
    ])
    // The devchain's images are on our own origin: nothing more is allowed.
    expect(imageSources('/devchain')).toEqual(["'self'", 'data:', 'blob:'])
  })

  it("links an asset to AtomicHub's page on WAX and its testnet, and to the devchain's own page there", () => {
    expect(explorerAssetUrlOn(wax).replace('{id}', '1099511627776')).toBe(
      'https://wax.atomichub.io/explorer/asset/wax-mainnet/1099511627776',
    )
    expect(explorerAssetUrlOn(publicChainSettings('wax-testnet', undefined))).toBe(
      'https://wax-test.atomichub.io/explorer/asset/wax-testnet/{id}',
    )
    expect(explorerAssetUrlOn(devchain)).toBe('/devchain/asset/{id}')
    expect(explorerAssetUrlOn({ ...devchain, publicApiUrl: 'http://127.0.0.1:8888' })).toBe(
      'http://127.0.0.1:8888/asset/{id}',
    )
  })
})
