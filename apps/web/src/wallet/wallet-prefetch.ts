import type { WebRenderer } from '@wharfkit/web-renderer'
import type { LazyWalletPlugin } from './lazy-wallet-plugin'

/**
 * Starts fetching a wallet's plugin as soon as the visitor points at it in the kit's list (the
 * mouse over it, a finger landing on it, the keyboard's focus on it), so choosing it rarely waits:
 * a popup wallet must open its window while the click still counts as the visitor's.
 */
export function prefetchWalletPointedAt(ui: WebRenderer, wallets: LazyWalletPlugin[]): void {
  const prefetch = (event: Event) => {
    const item = event.composedPath().find((target) => target instanceof HTMLButtonElement)
    // The renderer's list items are buttons holding the wallet's name in a `.label`.
    const name = item?.querySelector('.label')?.textContent?.trim()
    wallets.find((wallet) => wallet.metadata.name === name)?.prefetch()
  }
  // The renderer's shadow root is closed, but the renderer holds it.
  ui.shadow?.addEventListener('pointerover', prefetch)
  ui.shadow?.addEventListener('focusin', prefetch)
}
