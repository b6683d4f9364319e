import type { WebRenderer } from '@wharfkit/web-renderer'
import type { LazyWalletPlugin } from './lazy-wallet-plugin'

/**
 * Starts fetching a wallet's plugin as soon as the visitor points at it in the kit's list (the
 * mouse moving over it, a finger landing on it, the keyboard's focus on it), so choosing it rarely
 * waits: a popup wallet must open its window while the click still counts as the visitor's.
 *
 * Only a pointer that moves counts, not `pointerover`: the list opens where the visitor clicked
 * 'Connect WAX Wallet', and the browser reports the pointer resting there as over whichever wallet
 * the list put under it, which nobody pointed at.
 */
export function prefetchWalletPointedAt(ui: WebRenderer, wallets: LazyWalletPlugin[]): void {
  const prefetch = (event: Event) => {
    const item = event.composedPath().find((target) => target instanceof HTMLButtonElement)
    // The renderer's list items are buttons holding the wallet's name in a `.label`.
    const name = item?.querySelector('.label')?.textContent?.trim()
    wallets.find((wallet) => wallet.metadata.name === name)?.prefetch()
  }
  // The renderer's shadow root is closed, but the renderer holds it.
  for (const type of ['pointermove', 'pointerdown', 'focusin']) {
    ui.shadow?.addEventListener(type, prefetch)
  }
}
