import { expect, test } from '../fixtures'
import { expectConnectWalletScreen, expectLoginScreen, toast } from '../screens'
import { texts } from '../texts'

test('the forest can be entered and left with the keyboard alone', async ({ page }) => {
  // Without the wallet kit, entering (which opens the wallet's dialog) and 'Connect WAX Wallet'
  // answer with a toast and keep the focus here; the kit's own dialog by keyboard is in
  // wallet-kit.spec.ts.
  await page.route('**/assets/kit-*.js', (route) => route.abort('internetdisconnected'))
  await page.goto('/')
  await expectLoginScreen(page)

  await page.keyboard.press('Tab')
  const enter = page.getByRole('button', { name: texts.enterForest })
  await expect(enter).toBeFocused()
  await page.keyboard.press('Enter')
  await expectConnectWalletScreen(page)
  const notInitialized = toast(page, texts.walletNotInitialized)
  await expect(notInitialized).toBeVisible()
  const connect = page.getByRole('button', { name: texts.connectWallet })
  await expect(connect).toBeEnabled()

  await page.keyboard.press('Tab')
  await expect(connect).toBeFocused()
  await expect(connect).toHaveCSS('outline-style', 'solid')
  await page.keyboard.press('Enter')
  await expect(notInitialized).toHaveCount(2)

  // On the devchain a visitor without an account may create one, between the two.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'No WAX account? Create one' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: texts.leaveForest })).toBeFocused()
  await page.keyboard.press('Enter')
  await expectLoginScreen(page)
})
