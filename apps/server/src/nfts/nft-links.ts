import type { ChainName } from '@fernwood/protocol'
import type { ChainSettings } from '../chain/chain-settings.ts'

/** AtomicHub's page of an asset on WAX and its testnet. */
const ATOMICHUB_ASSET_URLS: Record<Exclude<ChainName, 'devchain'>, string> = {
  wax: 'https://wax.atomichub.io/explorer/asset/wax-mainnet/{id}',
  'wax-testnet': 'https://wax-test.atomichub.io/explorer/asset/wax-testnet/{id}',
}

/** A well-known public IPFS gateway, for WAX templates' images when IPFS_GATEWAY is not set. */
export const DEFAULT_IPFS_GATEWAY = 'https://ipfs.io/ipfs'

/**
 * A page for one asset, `{id}` standing for its id: AtomicHub's on WAX, the devchain's own page
 * beside its node API (`/asset/{id}`, as its transactions' `/tx/{id}`) on the devchain.
 */
export function explorerAssetUrlOn(chain: ChainSettings): string {
  if (chain.name === 'devchain') return `${chain.publicApiUrl}/asset/{id}`
  return ATOMICHUB_ASSET_URLS[chain.name]
}

/**
 * Where NFT images are read: IPFS_GATEWAY, or the devchain itself (its templates' img are paths
 * it serves), or a public gateway on WAX.
 */
export function ipfsGatewayFor(setting: string | undefined, chain: ChainSettings): string {
  if (setting) return setting.replace(/\/+$/, '')
  return chain.name === 'devchain' ? chain.publicApiUrl : DEFAULT_IPFS_GATEWAY
}
