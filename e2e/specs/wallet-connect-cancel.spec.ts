import { expectConnectWalletScreen, toast } from '../screens'
import { contrastRatio } from '../support/contrast'
import { walletTexts } from '../texts'
import { expect, openWalletLogin, test, walletOption } from '../wallet-fixtures'

// A real failure stays in the error style: wallet-connect.spec.ts checks 'WAX wallet system not
// initialized.' there.
test("closing the kit's dialog says 'Wallet connection cancelled.' in the neutral style, not as an error", async ({
  page,
}) => {
  const dialog = await openWalletLogin(page)
  await walletOption(dialog, 'Dev Wallet').click()
  await expect(dialog.getByText('Select an available account')).toBeVisible()

  await page.keyboard.press('Escape')
  const cancelled = toast(page, walletTexts.cancelled)
  await expect(cancelled).toBeVisible()
  await expect(cancelled).toHaveAttribute('data-type', 'info')
  // Neutral, in the forest's palette (neither the success green nor the error red), readable.
  await expect(cancelled).toHaveAttribute('data-mounted', 'true')
  const { text, background } = await cancelled.evaluate((element) => ({
    text: getComputedStyle(element).color,
    background: getComputedStyle(element).backgroundColor,
  }))
  // The canopy of the forest by day, the browser's system theme here being light.
  expect(background).toBe('rgb(255, 250, 240)')
  expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(4.5)
  await expectConnectWalletScreen(page)
})
