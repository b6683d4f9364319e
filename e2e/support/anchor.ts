import { DevAnchor } from '@fernwood/devanchor'
import type { Locator, Page } from '@playwright/test'
import { APIClient, type Session } from '@wharfkit/session'
import { walletTexts } from '../texts'
import { expect, openWalletLogin, walletOption, test as walletTest } from '../wallet-fixtures'

export { expect }

/** The Anchor plugin's own texts (wallet-plugin-anchor 1.6.1) and the spec's for mobile wallets. */
export const anchorTexts = {
  loginTitle: 'Connect with Anchor',
  loginBody:
    'Scan with Anchor on your mobile device or click the button below to open on this device.',
  launch: 'Launch Anchor',
  transactTitle: 'Complete using Anchor',
  waiting: 'Waiting for response from Anchor',
  cancelled: 'The request was cancelled from the mobile wallet.',
  expired: 'The request expired, please try again.',
} as const

interface AnchorWorkerFixtures {
  /** The phone: answers the kit's requests through the worker server's devchain and relay. */
  devAnchor: DevAnchor
}

/**
 * The wallet fixtures with a Dev Anchor per worker. Being a worker fixture of its own, it also
 * gives these specs their own server, whose demo codes no other spec spends.
 */
export const test = walletTest.extend<object, AnchorWorkerFixtures>({
  devAnchor: [
    async ({ server }, use) => {
      await use(new DevAnchor({ client: new APIClient({ url: `${server.url}/devchain` }) }))
    },
    { scope: 'worker' },
  ],
})

/**
 * The app again in a new tab of the same browser profile (same cookie, same stored kit session).
 * The Anchor plugin also opens its esr: link at once, for Anchor on this device; this headless
 * Chromium hands the link to the system and from then on delivers no mouse or keyboard input to
 * that tab, even after a reload, so whatever a visitor presses after an Anchor login is pressed
 * here. The event the kit's 'Copy to clipboard' takes is likewise dispatched to its button.
 */
export async function openAgain(page: Page): Promise<Page> {
  const tab = await page.context().newPage()
  await tab.goto('/')
  return tab
}

/** Opens the kit, chooses Anchor and waits for its prompt. */
export async function chooseAnchor(page: Page): Promise<Locator> {
  const dialog = await openWalletLogin(page)
  await walletOption(dialog, 'Anchor').click()
  await expect(dialog.getByText(anchorTexts.loginTitle)).toBeVisible()
  return dialog
}

/**
 * Logs `account` in through Anchor, the phone approving, and waits for the dashboard; returns the
 * kit's dialog, which later transactions use.
 */
export async function logInWithAnchor(
  page: Page,
  devAnchor: DevAnchor,
  account: string,
): Promise<Locator> {
  const dialog = await chooseAnchor(page)
  await devAnchor.approve(await copiedRequest(dialog), { account })
  await expect(page.getByText(walletTexts.waxAccount(account))).toBeVisible()
  return dialog
}

/** The request the prompt's QR code shows, as its 'Copy to clipboard' button copies it. */
export async function copiedRequest(dialog: Locator): Promise<string> {
  const page = dialog.page()
  const read = () => page.evaluate(() => navigator.clipboard.readText())
  // The browser's clipboard outlives a test's page; start from an empty one.
  await page.evaluate(() => navigator.clipboard.writeText(''))
  // Dispatched: the tab takes no real input once the plugin has opened its esr: link (openAgain).
  await dialog.getByRole('button', { name: 'Copy to clipboard' }).dispatchEvent('click')
  await expect.poll(read).toMatch(/^esr:/)
  return read()
}

/**
 * Signs a transfer of the smallest WAX amount from alice.wam to bob.wam with the page's current
 * wallet session, which the app exposes on the devchain, and resolves to its transaction id.
 */
export async function transferFromPage(page: Page, expireSeconds?: number): Promise<string> {
  // The kit loads once the page is idle and restores the session then.
  await page.waitForFunction(
    () =>
      (
        window as unknown as { fernwoodWalletSession?(): Session | undefined }
      ).fernwoodWalletSession?.() !== undefined,
  )
  return page.evaluate(async (expireSeconds) => {
    const session = (
      window as unknown as { fernwoodWalletSession(): Session | undefined }
    ).fernwoodWalletSession()
    if (!session) throw new Error('no wallet session in the page')
    const result = await session.transact(
      {
        action: {
          account: 'eosio.token',
          name: 'transfer',
          authorization: [session.permissionLevel],
          data: { from: 'alice.wam', to: 'bob.wam', quantity: '0.00000001 WAX', memo: 'anchor' },
        },
      },
      expireSeconds === undefined ? {} : { expireSeconds },
    )
    return String(result.resolved?.transaction.id)
  }, expireSeconds)
}
