import type { ChainName } from '@fernwood/protocol'
import type { ChainSettings } from '../chain/chain-settings.ts'

/** AtomicHub's page of an asset, per chain; the devchain shows the transaction that minted it. */
const EXPLORER_ASSET_URLS: Record<ChainName, string> = {
  wax: 'https://wax.atomichub.io/explorer/asset/wax-mainnet/{id}',
  'wax-testnet': 'https://wax-test.atomichub.io/explorer/asset/wax-testnet/{id}',
  devchain: '',
}

/** A well-known public IPFS gateway, for WAX templates' images when IPFS_GATEWAY is not set. */
export const DEFAULT_IPFS_GATEWAY = 'https://ipfs.io/ipfs'

export function explorerAssetUrlOn(chain: ChainName): string {
  return EXPLORER_ASSET_URLS[chain]
}

/**
 * Where NFT images are read: IPFS_GATEWAY, or the devchain itself (its templates' img are paths
 * it serves), or a public gateway on WAX.
 */
export function ipfsGatewayFor(setting: string | undefined, chain: ChainSettings): string {
  if (setting) return setting.replace(/\/+$/, '')
  return chain.name === 'devchain' ? chain.publicApiUrl : DEFAULT_IPFS_GATEWAY
}
