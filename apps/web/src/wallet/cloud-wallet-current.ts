// Its login reads WAX's proof as an identity proof; its signing builds a signing request.
import './signing-request'
import type { PublicConfig } from '@fernwood/protocol'
import { Serializer } from '@wharfkit/session'
import { WalletPluginCloudWallet } from 'wallet-plugin-cloudwallet-current'
import type { WalletChunk } from './wallet-chunk'

/**
 * The Cloud Wallet as the current plugin (1.6 and later) speaks to the new My Cloud Wallet: a
 * popup on `/cloud-wallet/login` carrying the plugin's version and our nonce, for WAX mainnet or
 * testnet (on the devchain a stand-in answers). No auto-accept login, whitelist auto-signing,
 * temporary accounts nor phone app: WAX retired them with this wallet.
 */
export function cloudWalletCurrentChunk(config: PublicConfig): WalletChunk {
  const plugin = new WalletPluginCloudWallet({
    supportedChains: [config.chain.id],
    url: config.cloudWallet.url,
  })
  return {
    plugin,
    // WAX's proof is an identity proof returned as its fields; the server is sent them so.
    proofOf: async ({ response }) =>
      response.identityProof && {
        type: 'cloudwallet',
        proof: Serializer.objectify(response.identityProof),
      },
  }
}
