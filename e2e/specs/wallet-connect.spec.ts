import { enterForest, expectConnectWalletScreen, expectLoginScreen, toast } from '../screens'
import { holdRequests } from '../support/hold-requests'
import { texts, walletTexts } from '../texts'
import {
  expect,
  kitDialog,
  openWalletLogin,
  storedKitSessions,
  test,
  walletOption,
} from '../wallet-fixtures'

test('connecting the Dev Wallet as alice.wam binds the account; a reload keeps it and Logout forgets it', async ({
  page,
}) => {
  const dialog = await openWalletLogin(page)
  // Behind the dialog nothing is under way until a wallet is chosen: no 'Connecting...' yet.
  await expect(page.getByRole('button', { name: texts.connectWallet })).toBeDisabled()
  await expect(page.getByRole('button', { name: walletTexts.connecting })).toHaveCount(0)
  await walletOption(dialog, 'Dev Wallet').click()
  await dialog.getByRole('button', { name: 'alice.wam@active' }).click()

  await expect(toast(page, walletTexts.connected('alice.wam'))).toHaveAttribute(
    'data-type',
    'success',
  )
  await expect(page.getByText(walletTexts.waxAccount('alice.wam'))).toBeVisible()
  await expect(dialog).toBeHidden()
  expect(await storedKitSessions(page)).toEqual(
    expect.arrayContaining(['wharf-web.renderer-session', 'wharf-web.renderer-sessions']),
  )

  await page.reload()
  await expect(page.getByText(walletTexts.waxAccount('alice.wam'))).toBeVisible()
  expect(await storedKitSessions(page)).toHaveLength(2)

  await page.getByRole('button', { name: walletTexts.logout }).click()
  await expectLoginScreen(page)
  expect(await storedKitSessions(page)).toEqual([])

  // The next visitor on this browser starts without an account: entering opens the dialog.
  await page.getByRole('button', { name: texts.enterForest }).click()
  await expectConnectWalletScreen(page)
  await expect(walletOption(dialog, 'Dev Wallet')).toBeVisible()
})

test("'Enter the Forest' is one step to a connected wallet: the dialog opens by itself, and the entrance is said once the wallet is connected", async ({
  page,
}) => {
  await page.goto('/')
  await page.getByRole('button', { name: texts.enterForest }).click()
  const dialog = kitDialog(page)
  await walletOption(dialog, 'Dev Wallet').click()
  // Nothing is connected yet, and nothing says so.
  await expect(toast(page, texts.signInSucceeded)).toHaveCount(0)

  const binding = await holdRequests(page, 'POST', '**/api/wallet')
  await dialog.getByRole('button', { name: 'alice.wam@active' }).click()
  // The wallet chosen, the connection is under way: the spec's 'Connecting...'.
  await expect(page.getByRole('button', { name: walletTexts.connecting })).toBeDisabled()
  await expect(toast(page, texts.signInSucceeded)).toHaveCount(0)

  binding.release()
  const entered = toast(page, texts.signInSucceeded)
  await expect(entered).toHaveAttribute('data-type', 'success')
  await expect(entered).toContainText(walletTexts.connected('alice.wam'))
  await expect(page.getByText(walletTexts.waxAccount('alice.wam'))).toBeVisible()
})

test("closing the dialog 'Enter the Forest' opened leaves the connect-wallet screen, ready", async ({
  page,
}) => {
  await page.goto('/')
  await page.getByRole('button', { name: texts.enterForest }).click()
  const dialog = kitDialog(page)
  await expect(walletOption(dialog, 'Dev Wallet')).toBeVisible()

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(toast(page, walletTexts.cancelled)).toHaveAttribute('data-type', 'info')
  await expect(toast(page, texts.signInSucceeded)).toHaveCount(0)
  await expectConnectWalletScreen(page)
  await expect(page.getByRole('button', { name: texts.connectWallet })).toBeEnabled()
  await expect(page.getByRole('button', { name: texts.leaveForest })).toBeEnabled()
})

test('Leave Forest logs the wallet kit out as well', async ({ page }) => {
  const dialog = await openWalletLogin(page)
  // The visitor logs in with the kit but leaves before the server has bound the account: the
  // binding request never gets an answer.
  await page.route('**/api/wallet', () => {})
  await walletOption(dialog, 'Dev Wallet').click()
  await dialog.getByRole('button', { name: 'bob.wam@active' }).click()
  await expect.poll(() => storedKitSessions(page)).toHaveLength(2)

  await page.reload()
  await expectConnectWalletScreen(page)
  await page.getByRole('button', { name: texts.leaveForest }).click()
  await expectLoginScreen(page)
  expect(await storedKitSessions(page)).toEqual([])
})

test("a binding the server refuses shows the server's reason and keeps no kit session", async ({
  page,
}) => {
  const dialog = await openWalletLogin(page)
  await walletOption(dialog, 'Dev Wallet (enter account)').click()
  // fernwoodpays exists, but the Dev Wallet's key is not in its authority.
  const accountName = dialog.getByPlaceholder('Account name')
  await accountName.fill('fernwoodpays')
  await accountName.press('Enter')
  await dialog.getByRole('button', { name: 'fernwoodpays@active' }).click()

  const refusal = toast(page, 'The wallet’s proof is not signed by the account’s keys.')
  await expect(refusal).toHaveAttribute('data-type', 'error')
  await expectConnectWalletScreen(page)
  expect(await storedKitSessions(page)).toEqual([])
})

test("'Connect WAX Wallet' without the kit says the wallet system is not initialized", async ({
  page,
}) => {
  await page.route('**/assets/kit-*.js', (route) => route.abort('internetdisconnected'))
  await enterForest(page)

  await page.getByRole('button', { name: texts.connectWallet }).click()
  await expect(toast(page, texts.walletNotInitialized)).toHaveAttribute('data-type', 'error')
  await expect(page.getByRole('button', { name: texts.connectWallet })).toBeEnabled()
  await expect(kitDialog(page)).toHaveCount(0)

  // The load is retried on the next press, once the kit can be fetched.
  await page.unrouteAll()
  await page.getByRole('button', { name: texts.connectWallet }).click()
  await expect(kitDialog(page)).toBeVisible()
})

test('the login screen never loads the wallet kit; it loads once the visitor has entered', async ({
  page,
}) => {
  const kitRequests: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/kit-[^/]*\.js$/.test(request.url())) kitRequests.push(request.url())
  })
  const kitChunk = await holdRequests(page, 'GET', '**/assets/kit-*.js')

  await page.goto('/')
  await expectLoginScreen(page)
  // The login screen is fully loaded and idle, and still has not asked for the kit.
  await page.waitForLoadState('networkidle')
  expect(kitRequests).toEqual([])

  const kitRequested = page.waitForRequest('**/assets/kit-*.js')
  await page.getByRole('button', { name: texts.enterForest }).click()
  await expectConnectWalletScreen(page)
  await kitRequested
  // Entering opens the wallet's dialog: the button waits for it, not yet 'Connecting...'.
  await expect(page.getByRole('button', { name: texts.connectWallet })).toBeDisabled()
  await expect(page.getByRole('button', { name: walletTexts.connecting })).toHaveCount(0)

  kitChunk.release()
  await expect(walletOption(kitDialog(page), 'Dev Wallet')).toBeVisible()
})
