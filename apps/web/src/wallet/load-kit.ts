import { loadConfig } from '../config/store'
import { WalletKitUnavailable } from './errors'
import type { WalletKit } from './kit'

let loading: Promise<WalletKit> | undefined

/**
 * The wallet kit, built once from the public config. It is a separate chunk, far larger than the
 * rest of the app, so nothing waits for it before it is needed. A failed load is forgotten, so the
 * next 'Connect WAX Wallet' tries again.
 */
export function loadWalletKit(): Promise<WalletKit> {
  loading ??= (async () => {
    try {
      const [config, { createWalletKit }] = await Promise.all([loadConfig(), import('./kit')])
      const kit = await createWalletKit(config)
      await kit.restore().catch(() => {
        // Unreadable stored sessions only mean nothing is restored; logging in still works.
      })
      return kit
    } catch (error) {
      loading = undefined
      throw new WalletKitUnavailable('The wallet kit could not be loaded.', { cause: error })
    }
  })()
  return loading
}

/**
 * Starts loading the kit once the screen has painted and the browser is idle, so a returning
 * visitor's session is restored, and the kit is ready, by the time they reach for it.
 */
export function preloadWalletKitWhenIdle(): void {
  const load = () => {
    loadWalletKit().catch(() => {
      // Reported when the visitor connects: 'Connect WAX Wallet' loads it again.
    })
  }
  requestAnimationFrame(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 5_000 })
    else setTimeout(load, 0)
  })
}
