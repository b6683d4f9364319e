import type { ChainName } from '@fernwood/protocol'

/** Where a chain is and how people look at its transactions. */
export interface ChainSettings {
  name: ChainName
  id: string
  /** the API node this server talks to (for the embedded devchain, its path on our origin) */
  apiUrl: string
  /** the API node browsers talk to: absolute, or a path on our own origin */
  publicApiUrl: string
  /** a page for one transaction; `{id}` is replaced by its id */
  explorerTransactionUrl: string
}

type PublicChain = Omit<ChainSettings, 'apiUrl' | 'publicApiUrl'> & { defaultApiUrl: string }

export const publicChains: Record<Exclude<ChainName, 'devchain'>, PublicChain> = {
  wax: {
    name: 'wax',
    id: '1064487b3cd1a897ce03ae5b6a865651747e2e152090f99c1d19d44e01aea5a4',
    defaultApiUrl: 'https://wax.greymass.com',
    explorerTransactionUrl: 'https://waxblock.io/transaction/{id}',
  },
  'wax-testnet': {
    name: 'wax-testnet',
    id: 'f16b1833c747c43682f4386fca9cbb327929334a762755ebec17f6f23c9b8a12',
    defaultApiUrl: 'https://waxtestnet.greymass.com',
    explorerTransactionUrl: 'https://testnet.waxblock.io/transaction/{id}',
  },
}

/** Settings for WAX mainnet or testnet, with the operator's API node if they chose one. */
export function publicChainSettings(
  name: Exclude<ChainName, 'devchain'>,
  apiUrl: string | undefined,
): ChainSettings {
  const { defaultApiUrl, ...chain } = publicChains[name]
  const url = apiUrl ?? defaultApiUrl
  return { ...chain, apiUrl: url, publicApiUrl: url }
}
