import { bindWallet as bindThrough } from '@fernwood/testkit'
import type { Page } from '@playwright/test'

/** The devchain's user accounts; the Dev Wallet key is in each one's `active` authority. */
export type DevAccount = 'alice.wam' | 'bob.wam' | 'carol.wam'

/**
 * Binds `account` to the page's signed-in visitor through the real API, as 'Connect WAX Wallet'
 * would after a Dev Wallet login. The requests carry the page's cookies and the page's origin.
 */
export async function bindWallet(page: Page, account: DevAccount): Promise<void> {
  const headers = { origin: new URL(page.url()).origin }
  await bindThrough(async (path, data) => {
    const response = await page.request.post(path, { headers, data })
    return { status: response.status(), body: await response.text() }
  }, account)
}
