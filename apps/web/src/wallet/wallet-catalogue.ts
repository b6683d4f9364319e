import type { PublicConfig, WalletId } from '@fernwood/protocol'
import { type WalletPlugin, WalletPluginMetadata } from '@wharfkit/session'
import { LazyWalletPlugin } from './lazy-wallet-plugin'
import { loadSigningRequest } from './signing-request-loader'

/**
 * A logo served beside the app, as the kit's list shows it in its light and dark theme: drawn
 * before the wallet's plugin, which embeds its own, is fetched.
 */
const servedLogo = (light: string, dark = light) => ({
  light: new URL(light, location.origin).href,
  dark: new URL(dark, location.origin).href,
})

/**
 * The wallets the public config offers, in its order, as the kit's list shows them. Each wallet's
 * name, logo and login needs are known here; its plugin is its own chunk, fetched when the visitor
 * chooses it (see lazy-wallet-plugin.ts), with the ESR code its plugin needs (signing-request.ts).
 * The Dev Wallet alone comes built, with that code: its small plugin holds the dev key whose
 * accounts the next screen lists, and it is offered on the devchain only.
 */
export async function walletPluginsFor(config: PublicConfig): Promise<WalletPlugin[]> {
  const offered = await Promise.all(config.wallets.map((wallet) => walletOffers[wallet](config)))
  return offered.flat()
}

const walletOffers: Record<WalletId, (config: PublicConfig) => Promise<WalletPlugin[]>> = {
  // Only where the server hands out its documented key: the devchain.
  devwallet: async (config) => {
    if (!config.devWallet) return []
    // Its login signs an identity proof, and its signing reads signing requests.
    const [{ WalletPluginDevWallet }] = await Promise.all([
      import('@fernwood/devwallet'),
      loadSigningRequest(),
    ])
    const options = { privateKey: config.devWallet.privateKey, chainId: config.chain.id }
    return [
      new WalletPluginDevWallet(options),
      new WalletPluginDevWallet({ ...options, manualEntry: true }),
    ]
  },

  cloudwallet: async (config) => {
    const current = config.cloudWallet.plugin === 'current'
    return [
      new LazyWalletPlugin({
        id: 'cloudwallet',
        metadata: WalletPluginMetadata.from({
          name: 'Cloud Wallet',
          // Ours, served beside the app: 1.5.0's own logo is a PNG cut short, drawn broken.
          logo: servedLogo('/cloud-wallet-logo-light.svg', '/cloud-wallet-logo-dark.svg'),
          homepage: 'https://www.mycloudwallet.com',
          download: 'https://www.mycloudwallet.com',
        }),
        config: {
          requiresChainSelect: false,
          requiresPermissionSelect: false,
          supportedChains: [config.chain.id],
        },
        load: current
          ? () => import('./cloud-wallet-current').then((m) => m.cloudWalletCurrentChunk(config))
          : () => import('./cloud-wallet').then((m) => m.cloudWalletChunk(config)),
        // 1.5.0 closes a phone's direct connection; the current plugin's logout does nothing.
        forgetsOnLogout: !current,
      }),
    ]
  },

  anchor: async (config) => [
    new LazyWalletPlugin({
      id: 'anchor',
      metadata: WalletPluginMetadata.from({
        name: 'Anchor',
        logo: servedLogo('/anchor-logo-light.svg', '/anchor-logo-dark.svg'),
        homepage: 'https://greymass.com/anchor',
        download: 'https://greymass.com/anchor/download',
      }),
      config: { requiresChainSelect: false, requiresPermissionSelect: false },
      load: () => import('./anchor').then((m) => m.anchorChunk(config)),
    }),
  ],

  wombat: async () => [
    new LazyWalletPlugin({
      id: 'wombat',
      metadata: WalletPluginMetadata.from({
        name: 'Wombat',
        logo: servedLogo('/wombat-logo.png'),
        homepage: 'https://www.wombat.app/',
        download: 'https://www.wombat.app/the-app',
      }),
      config: { requiresChainSelect: true, requiresPermissionSelect: false },
      load: () => import('./wombat').then((m) => m.wombatChunk()),
      // Its logout makes the extension forget the identity it gave this site.
      forgetsOnLogout: true,
    }),
  ],
}
