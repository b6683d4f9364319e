import { PAYOUT_ACCOUNT, PAYOUT_PRIVATE_KEY } from '@fernwood/devchain'
import { enterForest } from '../screens'
import { anchorCreationPage, createTexts, standInForAnchorsPage } from '../support/account-creation'
import { texts } from '../texts'
import { expect, kitDialog, recordChunks, test, walletOption } from '../wallet-fixtures'

// The kit on WAX, with WAX's wallets (Cloud Wallet, Anchor, Wombat): its wallet list, and 'No
// WAX account? Create one', where Anchor's is the only provider: its page asks everything itself,
// so no name form comes first (the form is the Dev Account Creator's).

const WAX_CHAIN_ID = '1064487b3cd1a897ce03ae5b6a865651747e2e152090f99c1d19d44e01aea5a4'

// WAX mainnet's settings; the server reaches no chain here, and neither the wallet list nor
// account creation needs one.
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

test("no wallet's plugin nor the signing-request code is fetched until the visitor points at the wallet, though the list opens under the resting mouse", async ({
  page,
}) => {
  const chunks = recordChunks(page)
  await enterForest(page)
  const connect = page.getByRole('button', { name: texts.connectWallet })
  const dialog = kitDialog(page)
  // Where the list puts Wombat: opened from the keyboard with the mouse away, then closed.
  await page.mouse.move(0, 0)
  await connect.press('Enter')
  const wombat = await walletOption(dialog, 'Wombat').boundingBox()
  if (!wombat) throw new Error('Wombat is not in the list')
  await page.keyboard.press('Escape')
  await expect(connect).toBeEnabled()

  // The mouse rests there as the list opens again: the browser has it over Wombat, at which
  // nobody pointed.
  const x = wombat.x + wombat.width / 2
  const y = wombat.y + wombat.height / 2
  await page.mouse.move(x, y)
  await connect.press('Enter')
  await expect(walletOption(dialog, 'Wombat')).toBeVisible()
  // The browser tells the page what the list put under the mouse as it draws the next frames.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  expect(chunks).toContain('kit')
  expect(chunks.wallets()).toEqual([])
  expect(chunks).not.toContain('signing-request')

  // Moving over it points at it: its plugin comes, without the ESR code, which its login needs not.
  await page.mouse.move(x + 4, y)
  await expect.poll(chunks.wallets).toEqual(['wombat'])
  expect(chunks).not.toContain('signing-request')

  // Anchor's login is a signing request: pointing at it brings that code.
  await walletOption(dialog, 'Anchor').hover()
  await expect.poll(chunks.wallets).toEqual(['wombat', 'anchor'])
  await expect.poll(() => chunks.includes('signing-request')).toBe(true)
})
