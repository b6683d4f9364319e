import { PAYOUT_ACCOUNT, PAYOUT_PRIVATE_KEY } from '@fernwood/devchain'
import { enterForest } from '../screens'
import { anchorCreationPage, createTexts, standInForAnchorsPage } from '../support/account-creation'
import { expect, kitDialog, test } from '../wallet-fixtures'

// 'No WAX account? Create one' on WAX, where Anchor's is the only provider: its page asks
// everything itself, so no name form comes first (the form is the Dev Account Creator's).

const WAX_CHAIN_ID = '1064487b3cd1a897ce03ae5b6a865651747e2e152090f99c1d19d44e01aea5a4'

// WAX mainnet's settings; the server reaches no chain here, and account creation needs none.
test.use({
  serverEnv: {
    CHAIN: 'wax',
    CHAIN_API_URL: 'http://127.0.0.1:9',
    PAYOUT_ACCOUNT,
    PAYOUT_PRIVATE_KEY,
    WORKER_ENABLED: 'false',
  },
})

test("'Create one' asks no name and opens Anchor's account-creation page for WAX", async ({
  page,
}) => {
  await standInForAnchorsPage(page)
  await enterForest(page)
  // With one provider the kit skips 'Select a Service Provider' and opens its page at once.
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: createTexts.offer }).click()
  const popup = await popupOpened
  await expect(page.getByLabel(createTexts.nameField)).toHaveCount(0)
  const creation = new URL(popup.url())
  expect(`${creation.origin}${creation.pathname}`).toBe(anchorCreationPage)
  expect(creation.searchParams.get('supported_chains')).toBe(WAX_CHAIN_ID)

  // It cannot complete here: closing it ends the creation, and the offer is there again.
  await popup.close()
  await expect(kitDialog(page).getByText('Popup window closed')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: createTexts.offer })).toBeEnabled()
})
