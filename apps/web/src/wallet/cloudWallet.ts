import type { PublicConfig } from '@fernwood/protocol'
import { Logo } from '@wharfkit/session'
import { WalletPluginCloudWallet } from '@wharfkit/wallet-plugin-cloudwallet'

/**
 * The Cloud Wallet as Fernwood offers it. It is told our chain and endpoints (on the devchain a
 * local stand-in logs in). On Android, iPhone and iPad, plugin 1.5.0 asks 'Connect to My Cloud
 * Wallet' and, given this dapp info, offers its phone app beside the web login ('Open My Cloud
 * Wallet app'); elsewhere it logs in on the web at once. Its remote QR activation needs a client
 * id from WAX and is not reachable from its login in 1.5.0, so none is configured.
 */
export function createCloudWallet(config: PublicConfig): WalletPluginCloudWallet {
  const cloudWallet = new WalletPluginCloudWallet({
    supportedChains: [config.chain.id],
    url: config.cloudWallet.url,
    autoUrl: config.cloudWallet.autoUrl,
    mobileAppConnectConfig: {
      dappInfo: {
        name: config.productName,
        logoUrl: new URL(config.cloudWallet.app.logo, location.origin).href,
        schema: config.cloudWallet.app.schema,
        description: config.cloudWallet.app.description,
      },
      // 1.5.0 builds the deep link's return address itself, from the page (see README).
      direct: { callbackUri: location.origin, broadcastChannel: config.appName },
    },
  })
  // The logo embedded in 1.5.0 is a PNG cut short, which browsers draw broken; ours are served
  // beside the app, in a light and a dark variant.
  cloudWallet.metadata.logo = Logo.from({
    light: new URL('/cloud-wallet-logo-light.svg', location.origin).href,
    dark: new URL('/cloud-wallet-logo-dark.svg', location.origin).href,
  })
  return cloudWallet
}
