// Its login reads WAX's proof as an identity proof; its signing builds a signing request.
import './signing-request'
import type { PublicConfig } from '@fernwood/protocol'
import { WalletPluginCloudWallet } from '@wharfkit/wallet-plugin-cloudwallet'
import type { WalletChunk } from './wallet-chunk'

/** What plugin 1.5.0 keeps from WAX's login answer (`waxLogin` in its `index.ts`). */
interface CloudWalletProof {
  data?: { signature?: unknown; referer?: unknown }
}

/**
 * The Cloud Wallet as plugin 1.5.0 (the spec's) speaks to it, told our chain and endpoints (on the
 * devchain a local stand-in logs in). On Android, iPhone and iPad it asks 'Connect to My Cloud
 * Wallet' and, given this dapp info, offers its phone app beside the web login ('Open My Cloud
 * Wallet app'); elsewhere it logs in on the web at once, first through the auto-accept API. Its
 * remote QR activation needs a client id from WAX and is not reachable from its login in 1.5.0,
 * so none is configured. Its AppSync client is fetched only for the phone app's direct connect
 * (see cloud-wallet-app-sync.ts).
 */
export function cloudWalletChunk(config: PublicConfig): WalletChunk {
  const plugin = new WalletPluginCloudWallet({
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
  return { plugin, proofOf: async () => cloudWalletProofEvidence(plugin) }
}

/**
 * The plugin's `identityProof` looks standard but is not: 1.5.0 wraps WAX's signature over
 * `cloudwallet-verification-{referer}-{nonce}-{account}` in an IdentityProof it never signed, so
 * the server is sent WAX's own proof (kept in the plugin's data) instead.
 */
function cloudWalletProofEvidence(plugin: WalletPluginCloudWallet) {
  const proof = plugin.data.proof as CloudWalletProof | undefined
  const signature = proof?.data?.signature
  const referer = proof?.data?.referer
  if (typeof signature !== 'string' || typeof referer !== 'string') return undefined
  return { type: 'cloudwallet' as const, signature, referer }
}
