import { devices } from '@playwright/test'
import { toast } from '../screens'
import { codeBox, treasures } from '../support/dashboard'
import { walletTexts } from '../texts'
import {
  expect,
  expectFailedLogin,
  kitDialog,
  openCloudWalletPopup,
  storedKitSessions,
  test,
} from '../wallet-fixtures'

// The current Cloud Wallet plugin (1.6 and later, the npm alias wallet-plugin-cloudwallet-current)
// against the worker's stand-in speaking the new My Cloud Wallet's protocol: a popup alone, whose
// answer carries an identity proof as its fields.
test.use({ walletSettings: { CLOUD_WALLET_PLUGIN: 'current' } })

test('logs in through its popup alone, with its version and our nonce; the server verifies the proof and the dashboard opens', async ({
  page,
  cloudWallet,
}) => {
  const autoLoginsBefore = cloudWallet.autoLoginNonces.length
  const binding = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/wallet',
  )
  const popup = await openCloudWalletPopup(page)
  const popupUrl = new URL(popup.url())
  expect(popupUrl.origin).toBe(cloudWallet.url)
  expect(popupUrl.pathname).toBe('/cloud-wallet/login')
  expect(popupUrl.searchParams.get('v')).toMatch(/^1\.(6|[7-9])\.\d+$/)
  const nonce = atob(popupUrl.searchParams.get('n') ?? '')
  expect(nonce).toMatch(/^[A-Za-z0-9_-]{32}$/)

  await popup.getByRole('button', { name: 'Approve' }).click()

  // The structured proof went to the server as the wallet gave it, and the server bound alice.wam.
  const { proof } = (await binding).postDataJSON()
  expect(proof).toMatchObject({
    type: 'cloudwallet',
    proof: { scope: 'fernwood', signer: { actor: 'alice.wam', permission: 'active' } },
  })
  await expect(toast(page, walletTexts.connected('alice.wam'))).toBeVisible()
  await expect(page.getByText(walletTexts.waxAccount('alice.wam'))).toBeVisible()
  await expect(codeBox(page)).toBeVisible()
  await expect(treasures(page)).toBeVisible()
  expect(await storedKitSessions(page)).toHaveLength(2)
  // The new wallet has no auto-accept login to try first.
  expect(cloudWallet.autoLoginNonces).toHaveLength(autoLoginsBefore)
})

test('a login declined in the popup shows the kit’s error screen and the plugin’s message', async ({
  page,
}) => {
  const popup = await openCloudWalletPopup(page)
  await popup.getByRole('button', { name: 'Decline' }).click()

  await expectFailedLogin(page, 'Cloud Wallet closed before the login was completed')
})

test.describe('on an Android phone', () => {
  const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7']
  test.use(pixel7)

  test("the current plugin goes straight to its popup: no 'Connect to My Cloud Wallet', no app", async ({
    page,
  }) => {
    const popup = await openCloudWalletPopup(page)
    expect(new URL(popup.url()).pathname).toBe('/cloud-wallet/login')
    await expect(kitDialog(page).getByText('Connect to My Cloud Wallet')).toHaveCount(0)
    await popup.getByRole('button', { name: 'Approve' }).click()
    await expect(toast(page, walletTexts.connected('alice.wam'))).toBeVisible()
  })
})
