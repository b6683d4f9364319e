import type { PublicConfig } from '@fernwood/protocol'
import type { UserInterface, WalletPlugin } from '@wharfkit/session'
import { texts } from '../texts'

/**
 * Anchor, the mobile wallet: its plugin shows an `esr:` request as a QR code and waits for the
 * phone's answer on the relay the config names (on the devchain ours, answered by the Dev Anchor).
 */
export async function createAnchor(config: PublicConfig): Promise<WalletPlugin> {
  const { WalletPluginAnchor } = await import('@wharfkit/wallet-plugin-anchor')
  return new WalletPluginAnchor({ buoyUrl: new URL(config.anchor.relayUrl, location.origin).href })
}

/**
 * The spec words two of the plugin's errors for any mobile wallet rather than naming Anchor. The
 * kit registers a plugin's own translations only when a login names the plugin in advance, never
 * when the visitor picks it in the dialog, so the dialog is given these from the start.
 */
export function wordAnchorErrors(ui: UserInterface): void {
  ui.addTranslations({
    en: {
      anchor: {
        error: {
          cancelled: texts.mobileWalletCancelled,
          invalid_response: texts.mobileWalletInvalidResponse,
        },
      },
    },
  })
}
