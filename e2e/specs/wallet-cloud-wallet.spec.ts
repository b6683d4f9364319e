import { toast } from '../screens'
import { kitButtons, texts, walletTexts } from '../texts'
import {
  expect,
  expectFailedLogin,
  openCloudWalletPopup,
  storedKitSessions,
  test,
} from '../wallet-fixtures'

// The Cloud Wallet plugin (@wharfkit/wallet-plugin-cloudwallet 1.5.0) against the worker's local
// stand-in for WAX: its auto-accept API refuses (no WAX session), so the plugin opens the popup.

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

  const dialog = await expectFailedLogin(page, 'Cloud Wallet closed before the login was completed')
  await expect(dialog.getByText('Error', { exact: true })).toBeVisible()

  await dialog.getByRole('button', { name: kitButtons.close }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: texts.connectWallet })).toBeEnabled()
})

test('closing the Cloud Wallet popup ends the login with the plugin’s message', async ({
  page,
}) => {
  const popup = await openCloudWalletPopup(page)
  await popup.close()

  await expectFailedLogin(page, 'The Cloud Wallet was closed before the request was completed')
})
