import type { PublicConfig } from '@fernwood/protocol'
import type { WalletPlugin } from '@wharfkit/session'

/**
 * Anchor, the mobile wallet: its plugin shows an `esr:` request as a QR code and waits for the
 * phone's answer on the relay the config names (on the devchain ours, answered by the Dev Anchor).
 */
export async function createAnchor(config: PublicConfig): Promise<WalletPlugin> {
  const { WalletPluginAnchor } = await import('@wharfkit/wallet-plugin-anchor')
  return new WalletPluginAnchor({ buoyUrl: new URL(config.anchor.relayUrl, location.origin).href })
}
