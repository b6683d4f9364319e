import { texts, walletTexts } from '../texts'
import { expect, openWalletLogin, test, walletOption } from '../wallet-fixtures'

test('the dashboard comes straight after the connect screen: no frame of the loading screen between', async ({
  page,
}) => {
  const dialog = await openWalletLogin(page)
  // While the dialog is open, the dashboard's chunk has been fetched already.
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/assets\/dashboard-[\w-]{8}\.js$/.test(entry.name)),
      ),
    )
    .toBe(true)

  // Every node added to the page from here on is looked at: any loading screen is recorded.
  await page.evaluate((loadingText) => {
    const seen: string[] = []
    ;(window as unknown as { loadingScreensSeen: string[] }).loadingScreensSeen = seen
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (node instanceof HTMLElement && node.textContent?.includes(loadingText)) {
            seen.push(node.outerHTML)
          }
        }
      }
    }).observe(document.body, { childList: true, subtree: true })
  }, texts.loading)

  await walletOption(dialog, 'Dev Wallet').click()
  await dialog.getByRole('button', { name: 'alice.wam@active' }).click()
  await expect(page.getByText(walletTexts.waxAccount('alice.wam'))).toBeVisible()

  expect(
    await page.evaluate(
      () => (window as unknown as { loadingScreensSeen: string[] }).loadingScreensSeen,
    ),
  ).toEqual([])
})
