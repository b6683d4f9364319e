// Anchor's plugin asks for the login as a signing request (its esr: link and QR code).
import './signing-request'
import type { PublicConfig } from '@fernwood/protocol'
import { WalletPluginAnchor } from '@wharfkit/wallet-plugin-anchor'
import { identityProofEvidence } from './proof-evidence'
import type { WalletChunk } from './wallet-chunk'

/**
 * Anchor, the mobile wallet: its plugin shows an `esr:` request as a QR code and waits for the
 * phone's answer on the relay the config names (on the devchain ours, answered by the Dev Anchor).
 * It signs a standard identity proof.
 */
export function anchorChunk(config: PublicConfig): WalletChunk {
  const plugin = new WalletPluginAnchor({
    buoyUrl: new URL(config.anchor.relayUrl, location.origin).href,
  })
  return { plugin, proofOf: identityProofEvidence }
}
