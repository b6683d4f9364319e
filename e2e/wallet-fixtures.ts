import type { Locator, Page } from '@playwright/test'
import { test as base, expect } from './fixtures'
import { enterForest, expectConnectWalletScreen, toast } from './screens'
import { type CloudWalletStandIn, startCloudWalletStandIn } from './support/cloud-wallet-stand-in'
import { texts } from './texts'

export { expect }

interface WalletWorkerFixtures {
  cloudWallet: CloudWalletStandIn
  /** Wallet settings for the worker's server beside the stand-in's (WALLETS, CLOUD_WALLET_PLUGIN). */
  walletSettings: Record<string, string>
}

interface WalletTestFixtures {
  /** The wallet kit's dialog, reachable: the web renderer attaches a closed shadow root. */
  openShadowRoots: undefined
}

/**
 * The app's fixtures with a Cloud Wallet stand-in per worker, whose endpoints the worker's server
 * hands to the browser's kit instead of WAX's.
 */
export const test = base.extend<WalletTestFixtures, WalletWorkerFixtures>({
  cloudWallet: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const standIn = await startCloudWalletStandIn()
      await use(standIn)
      await standIn.close()
    },
    { scope: 'worker' },
  ],

  walletSettings: [{}, { scope: 'worker', option: true }],

  serverEnv: [
    async ({ cloudWallet, walletSettings }, use) => {
      await use({
        CLOUD_WALLET_URL: cloudWallet.url,
        CLOUD_WALLET_AUTO_URL: cloudWallet.url,
        ...walletSettings,
      })
    },
    { scope: 'worker' },
  ],

  server: [
    async ({ server, cloudWallet }, use) => {
      // Known only once the server is up; WAX likewise vouches for the site that opened it.
      cloudWallet.dappOrigin = server.url
      await use(server)
    },
    { scope: 'worker' },
  ],

  openShadowRoots: [
    async ({ page }, use) => {
      await openShadowRootsOf(page)
      await use(undefined)
    },
    { auto: true },
  ],
})

/** For every tab of the test's browser context, including ones a test opens itself. */
async function openShadowRootsOf(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const attachShadow = Element.prototype.attachShadow
    Element.prototype.attachShadow = function (init: ShadowRootInit) {
      return attachShadow.call(this, { ...init, mode: 'open' })
    }
  })
}

/** The wallet kit's dialog (the web renderer's `<dialog>` inside its shadow root). */
export function kitDialog(page: Page): Locator {
  return page.locator('#wharfkit-web-ui').locator('dialog')
}

/** A wallet in the kit's list; its accessible name reads its logo, then its name. */
export function walletOption(dialog: Locator, name: string): Locator {
  return dialog.getByRole('button', { name: `${name} logo ${name}`, exact: true })
}

/** Signs in anonymously and opens the kit's login dialog with 'Connect WAX Wallet'. */
export async function openWalletLogin(page: Page): Promise<Locator> {
  await enterForest(page)
  await page.getByRole('button', { name: texts.connectWallet }).click()
  const dialog = kitDialog(page)
  await expect(dialog).toBeVisible()
  return dialog
}

/** Chooses the Cloud Wallet in the kit and returns the popup it opens. */
export async function openCloudWalletPopup(page: Page): Promise<Page> {
  const dialog = await openWalletLogin(page)
  const popupOpened = page.waitForEvent('popup')
  await walletOption(dialog, 'Cloud Wallet').click()
  const popup = await popupOpened
  await popup.waitForLoadState()
  return popup
}

/**
 * A login that failed with the wallet's `message`: the kit's dialog says it, so does an error
 * toast, the connect-wallet screen stays and the kit kept no session. Returns the dialog.
 */
export async function expectFailedLogin(page: Page, message: string): Promise<Locator> {
  const dialog = kitDialog(page)
  await expect(dialog.getByText(message)).toBeVisible()
  await expect(toast(page, message)).toHaveAttribute('data-type', 'error')
  await expectConnectWalletScreen(page)
  expect(await storedKitSessions(page)).toEqual([])
  return dialog
}

/**
 * The kit's stored sessions: it keeps `session` (the current one) and `sessions` under the
 * renderer's namespace in localStorage, next to the renderer's own `settings`.
 */
export function storedKitSessions(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Object.keys(localStorage).filter((key) => /^wharf-web\.renderer-sessions?$/.test(key)),
  )
}

/**
 * The chunks the page fetches, by name: the build names each after its module and an 8-character
 * hash (kit, the shell; cloud-wallet, anchor…, each wallet's plugin; signing-request, the ESR
 * code), with `wallets()` the wallets' plugins among them.
 */
export function recordChunks(page: Page) {
  const chunks: string[] = []
  page.on('request', (request) => {
    const chunk = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname)?.[1]
    if (chunk) chunks.push(chunk)
  })
  const walletChunks = ['cloud-wallet', 'cloud-wallet-current', 'anchor', 'wombat']
  return Object.assign(chunks, {
    wallets: () => chunks.filter((chunk) => walletChunks.includes(chunk)),
  })
}
