import type { PublicConfig } from '@fernwood/protocol'
import type { HelmetOptions } from 'helmet'

export interface PolicyInputs {
  /** the chain API node browsers call: absolute, or a path on our own origin */
  chainApiUrl: string
  /** the site is served over HTTPS (known only from PUBLIC_ORIGIN) */
  https: boolean
  /** wallet services the browser talks to directly (Cloud Wallet, Anchor's relay) */
  walletOrigins?: string[]
  /** where NFT images come from (IPFS_GATEWAY): absolute, or a path on our own origin */
  ipfsGateway?: string
}

/**
 * Scripts only from our own origin. 'wasm-unsafe-eval' lets the QR decoder compile its
 * WebAssembly (served by us) and allows nothing else; see bench/qr/README.md.
 */
export function contentSecurityPolicy({
  chainApiUrl,
  https,
  walletOrigins = [],
  ipfsGateway = '',
}: PolicyInputs): HelmetOptions['contentSecurityPolicy'] {
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      // The wallet kit's dialog and the toasts style their own elements inline.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...originOf(ipfsGateway)],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'", ...originOf(chainApiUrl), ...walletOrigins],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // Over plain HTTP (a phone on the LAN) this would send every asset request to https.
      upgradeInsecureRequests: https ? [] : null,
    },
  }
}

/**
 * The wallet services the browser's kit calls itself, for the wallets the config offers (the
 * list WALLETS sets). The Cloud Wallet's popup site needs no entry: the kit only opens it as a
 * window and listens for its messages; plugin 1.5.0 also fetches its auto-accept API, the current
 * plugin nothing. Anchor's plugin posts to its relay and listens on it over a websocket; a relay on
 * our own origin (the devchain's) is already 'self'. The Dev Wallet signs in the page, and Wombat
 * is an extension the page talks to in the page: neither calls out. (Its Scatter protocol first
 * looks for the retired Scatter Desktop app, on local ports and through Scatter's relay; those
 * probes are refused, and the extension answers all the same.)
 */
export function walletOriginsFor(config: {
  wallets: PublicConfig['wallets']
  cloudWallet: Pick<PublicConfig['cloudWallet'], 'plugin' | 'autoUrl'>
  anchor: PublicConfig['anchor']
}): string[] {
  return config.wallets.flatMap((wallet) => {
    if (wallet === 'cloudwallet' && config.cloudWallet.plugin === '1.5.0') {
      return cloudWalletOrigins(config.cloudWallet.autoUrl)
    }
    if (wallet === 'anchor') return relayOrigins(config.anchor.relayUrl)
    return []
  })
}

/**
 * On phones, plugin 1.5.0's direct connect waits for the app's answer on WAX's device-connect
 * channel (AWS AppSync Events: an HTTPS endpoint and its websocket), at an address fixed in the
 * plugin. It is allowed only where the kit talks to WAX's own Cloud Wallet: a stand-in (the
 * devchain's) cannot answer there anyway.
 */
const CLOUD_WALLET_DIRECT_CONNECT = 'direct-connect-api.mycloudwallet.com'

function cloudWalletOrigins(autoUrl: string): string[] {
  const auto = new URL(autoUrl)
  if (!auto.hostname.endsWith('.mycloudwallet.com')) return [auto.origin]
  return [
    auto.origin,
    `https://${CLOUD_WALLET_DIRECT_CONNECT}`,
    `wss://${CLOUD_WALLET_DIRECT_CONNECT}`,
  ]
}

function relayOrigins(relayUrl: string): string[] {
  const [origin] = originOf(relayUrl)
  return origin ? [origin, origin.replace(/^http/, 'ws')] : []
}

// A chain node on another origin must be allowed explicitly for the browser's wallet kit.
function originOf(url: string): string[] {
  return /^https?:\/\//.test(url) ? [new URL(url).origin] : []
}
