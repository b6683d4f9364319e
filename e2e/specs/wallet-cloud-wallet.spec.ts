import type { Page } from '@playwright/test'
import { expectConnectWalletScreen, toast } from '../screens'
import { texts } from '../texts'
import {
  expect,
  kitDialog,
  openWalletLogin,
  storedKitSessions,
  test,
  walletOption,
  walletTexts,
} from '../wallet-fixtures'

// The Cloud Wallet plugin (@wharfkit/wallet-plugin-cloudwallet 1.5.0) against the worker's local
// stand-in for WAX: its auto-accept API refuses (no WAX session), so the plugin opens the popup.

/** Chooses the Cloud Wallet in the kit and returns the popup it opens. */
async function openCloudWalletPopup(page: Page): Promise<Page> {
  const dialog = await openWalletLogin(page)
  const popupOpened = page.waitForEvent('popup')
  await walletOption(dialog, 'Cloud Wallet').click()
  const popup = await popupOpened
  await popup.waitForLoadState()
  return popup
}

test("the Cloud Wallet logs in through its popup once the auto-accept login fails, and the server accepts WAX's proof", async ({
  page,
  cloudWallet,
}) => {
  const popup = await openCloudWalletPopup(page)
  const popupUrl = new URL(popup.url())
  expect(popupUrl.origin).toBe(cloudWallet.url)
  expect(popupUrl.pathname).toBe('/cloud-wallet/login')
  const nonce = popupUrl.searchParams.get('n')
  expect(nonce).toBeTruthy()
  // The same login (same nonce) was first tried at the auto-accept endpoint.
  expect(cloudWallet.autoLoginNonces).toContain(nonce)

  await popup.getByRole('button', { name: 'Approve' }).click()

  await expect(toast(page, walletTexts.connected('alice.wam'))).toBeVisible()
  await expect(page.getByText(walletTexts.waxAccount('alice.wam'))).toBeVisible()
  expect(await storedKitSessions(page)).toHaveLength(2)
})

test('a login declined in the Cloud Wallet shows the kit’s error screen and the message', async ({
  page,
}) => {
  const popup = await openCloudWalletPopup(page)
  await popup.getByRole('button', { name: 'Decline' }).click()

  const message = 'Cloud Wallet closed before the login was completed'
  const dialog = kitDialog(page)
  await expect(dialog.getByText('Error', { exact: true })).toBeVisible()
  await expect(dialog.getByText(message)).toBeVisible()
  await expect(toast(page, message)).toHaveAttribute('data-type', 'error')
  await expectConnectWalletScreen(page)
  expect(await storedKitSessions(page)).toEqual([])

  await dialog.getByRole('button', { name: 'close' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: texts.connectWallet })).toBeEnabled()
})

test('closing the Cloud Wallet popup ends the login with the plugin’s message', async ({
  page,
}) => {
  const popup = await openCloudWalletPopup(page)
  await popup.close()

  const message = 'The Cloud Wallet was closed before the request was completed'
  const dialog = kitDialog(page)
  await expect(dialog.getByText(message)).toBeVisible()
  await expect(toast(page, message)).toHaveAttribute('data-type', 'error')
  await expectConnectWalletScreen(page)
})
