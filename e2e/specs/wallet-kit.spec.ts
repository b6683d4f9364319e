import { enterForest, expectConnectWalletScreen, toast } from '../screens'
import { kitButtons, texts, walletTexts } from '../texts'
import {
  expect,
  kitDialog,
  openWalletLogin,
  recordChunks,
  test,
  walletOption,
} from '../wallet-fixtures'

// The wallet kit's own screens (@wharfkit/web-renderer), opened from 'Connect WAX Wallet' in our
// app on the devchain, where the Dev Wallet holds the key of alice.wam, bob.wam and carol.wam.

test('the kit lists the wallets offered on the devchain, each with its logo', async ({ page }) => {
  const dialog = await openWalletLogin(page)
  // Choosing is not connecting yet: behind the dialog the button waits, not 'Connecting...'.
  await expect(page.getByRole('button', { name: texts.connectWallet })).toBeDisabled()
  await expect(page.getByRole('button', { name: walletTexts.connecting })).toHaveCount(0)

  await expect(dialog.getByRole('heading', { name: 'Login', exact: true })).toBeVisible()
  await expect(dialog.getByText('Connect your wallet to login')).toBeVisible()
  for (const wallet of ['Dev Wallet', 'Dev Wallet (enter account)', 'Cloud Wallet', 'Anchor']) {
    await expect(walletOption(dialog, wallet)).toBeVisible()
    const logo = dialog.getByRole('img', { name: `${wallet} logo` })
    await expect(logo).toBeVisible()
    expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
  }
  // Wombat is offered on WAX by default, and on the devchain only where WALLETS names it.
  await expect(walletOption(dialog, 'Wombat')).toHaveCount(0)
})

test("the wallet list shows before any wallet's plugin is fetched; pointing at a wallet fetches its plugin alone", async ({
  page,
}) => {
  const chunks = recordChunks(page)
  await enterForest(page)
  // Nothing points at the list as it opens: the mouse is away, the keyboard presses the button.
  await page.mouse.move(0, 0)
  await page.getByRole('button', { name: texts.connectWallet }).press('Enter')
  const dialog = kitDialog(page)
  await expect(walletOption(dialog, 'Anchor')).toBeVisible()
  await expect(walletOption(dialog, 'Cloud Wallet')).toBeVisible()
  expect(chunks).toContain('kit')
  expect(chunks.wallets()).toEqual([])

  await walletOption(dialog, 'Anchor').hover()
  await expect.poll(chunks.wallets).toEqual(['anchor'])
  await walletOption(dialog, 'Cloud Wallet').focus()
  await expect.poll(chunks.wallets).toEqual(['anchor', 'cloud-wallet'])
})

test("with one chain the kit skips 'Select a Blockchain' and lists the wallet's accounts as account@permission", async ({
  page,
}) => {
  const dialog = await openWalletLogin(page)
  await walletOption(dialog, 'Dev Wallet').click()

  await expect(dialog.getByText('Select an available account')).toBeVisible()
  await expect(dialog.getByText('Select which blockchain to login with')).toHaveCount(0)
  for (const account of ['alice.wam', 'bob.wam', 'carol.wam']) {
    await expect(dialog.getByRole('button', { name: `${account}@active` })).toBeVisible()
  }
})

test('the back button returns from the account list to the wallet list', async ({ page }) => {
  const dialog = await openWalletLogin(page)
  // The header's buttons are named in words, not by their icons ('settings', 'close').
  for (const name of [kitButtons.settings, kitButtons.close]) {
    await expect(dialog.getByRole('button', { name, exact: true })).toBeVisible()
  }
  await walletOption(dialog, 'Dev Wallet').click()
  await expect(dialog.getByText('Select an available account')).toBeVisible()
  await expect(dialog.getByRole('button', { name: kitButtons.settings })).toHaveCount(0)

  await dialog.getByRole('button', { name: kitButtons.back, exact: true }).click()
  await expect(dialog.getByText('Connect your wallet to login')).toBeVisible()
  await expect(dialog.getByRole('button', { name: kitButtons.back })).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: kitButtons.settings })).toBeVisible()
})

test("'Enter account name' looks the account up on Enter and on 'Lookup Account'", async ({
  page,
}) => {
  const dialog = await openWalletLogin(page)
  await walletOption(dialog, 'Dev Wallet (enter account)').click()
  await expect(dialog.getByText('Enter account name')).toBeVisible()
  const accountName = dialog.getByPlaceholder('Account name')

  await accountName.fill('nobody.wam')
  await accountName.press('Enter')
  await expect(dialog.getByText('Unable to find account nobody.wam')).toBeVisible()

  await accountName.fill('ghost.wam')
  await dialog.getByRole('button', { name: 'Lookup Account' }).click()
  await expect(dialog.getByText('Unable to find account ghost.wam')).toBeVisible()

  await accountName.fill('bob.wam')
  await accountName.press('Enter')
  await expect(dialog.getByRole('button', { name: 'bob.wam@active' })).toBeVisible()
  await dialog.getByRole('button', { name: 'bob.wam@active' }).click()

  await expect(page.getByText(walletTexts.waxAccount('bob.wam'))).toBeVisible()
  await expect(dialog).toBeHidden()
})

test("an account found with 'Lookup Account' logs in", async ({ page }) => {
  const dialog = await openWalletLogin(page)
  await walletOption(dialog, 'Dev Wallet (enter account)').click()
  await dialog.getByPlaceholder('Account name').fill('carol.wam')
  await dialog.getByRole('button', { name: 'Lookup Account' }).click()
  await dialog.getByRole('button', { name: 'carol.wam@active' }).click()

  await expect(toast(page, walletTexts.connected('carol.wam'))).toBeVisible()
  await expect(page.getByText(walletTexts.waxAccount('carol.wam'))).toBeVisible()
})

for (const [how, close] of [
  ['the close button', (dialog) => dialog.getByRole('button', { name: kitButtons.close }).click()],
  ['Escape', (dialog) => dialog.page().keyboard.press('Escape')],
  ['a click outside the dialog', (dialog) => dialog.page().mouse.click(5, 5)],
] as const satisfies [string, (dialog: ReturnType<typeof kitDialog>) => Promise<void>][]) {
  test(`${how} closes the kit and cancels the pending login`, async ({ page }) => {
    const dialog = await openWalletLogin(page)
    await walletOption(dialog, 'Dev Wallet').click()
    await expect(dialog.getByText('Select an available account')).toBeVisible()

    await close(dialog)
    await expect(dialog).toBeHidden()
    await expect(toast(page, walletTexts.cancelled)).toBeVisible()
    await expectConnectWalletScreen(page)
    await expect(page.getByRole('button', { name: texts.connectWallet })).toBeEnabled()

    // A cancelled login leaves nothing behind: the next one starts afresh.
    await page.getByRole('button', { name: texts.connectWallet }).click()
    await expect(kitDialog(page).getByText('Connect your wallet to login')).toBeVisible()
  })
}

test('the settings menu offers theme, language, animations and about, each on its own page', async ({
  page,
}) => {
  const dialog = await openWalletLogin(page)
  await dialog.getByRole('button', { name: kitButtons.settings }).click()
  await expect(dialog.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible()
  for (const item of ['Theme', 'Language', 'Animations', 'About']) {
    await expect(dialog.getByRole('button', { name: new RegExp(`^${item}`) })).toBeVisible()
  }
  await expect(dialog.getByRole('link', { name: /Report an issue on Github/ })).toHaveAttribute(
    'target',
    '_blank',
  )

  const openItem = async (item: string) => {
    await dialog.getByRole('button', { name: new RegExp(`^${item}`) }).click()
    await expect(dialog.locator('.modal-header p')).toHaveText(item)
  }
  const backToMenu = async () => {
    await dialog.getByRole('button', { name: kitButtons.back }).click()
    await expect(dialog.getByRole('button', { name: /^About/ })).toBeVisible()
  }

  await openItem('Theme')
  for (const option of ['Automatic', 'Light', 'Dark']) {
    await expect(dialog.getByText(option, { exact: true })).toBeVisible()
  }
  await dialog.getByText('Dark', { exact: true }).click()
  await expect(dialog).toHaveAttribute('data-theme', 'dark')
  await backToMenu()
  await expect(dialog.getByRole('button', { name: /^Theme/ })).toContainText('Dark')

  await openItem('Language')
  for (const language of ['English', '한국어', '中文', '中文简体', '中文繁体', 'Türkçe']) {
    await expect(dialog.getByText(language, { exact: true })).toBeVisible()
  }
  await backToMenu()

  await openItem('Animations')
  for (const option of ['Enabled', 'Disabled']) {
    await expect(dialog.getByText(option, { exact: true })).toBeVisible()
  }
  await dialog.getByText('Disabled', { exact: true }).click()
  await backToMenu()
  await expect(dialog.getByRole('button', { name: /^Animations/ })).toContainText('Disabled')

  await openItem('About')
  await expect(dialog.getByText(/^Version \d+\.\d+\.\d+/)).toBeVisible()
  await expect(dialog.getByText(/open source SDK for Antelope-based blockchains/)).toBeVisible()
  await expect(dialog.getByRole('link', { name: 'Read more about Wharf' })).toHaveAttribute(
    'target',
    '_blank',
  )
  await backToMenu()

  // Back from the menu returns to the login it was opened from.
  await dialog.getByRole('button', { name: kitButtons.back, exact: true }).click()
  await expect(dialog.getByText('Connect your wallet to login')).toBeVisible()
})

test('the chosen kit settings are kept for the next visit', async ({ page }) => {
  const dialog = await openWalletLogin(page)
  await dialog.getByRole('button', { name: kitButtons.settings }).click()
  await dialog.getByRole('button', { name: /^Theme/ }).click()
  await dialog.getByText('Light', { exact: true }).click()
  await expect(dialog).toHaveAttribute('data-theme', 'light')

  await page.reload()
  await page.getByRole('button', { name: texts.connectWallet }).click()
  await expect(kitDialog(page)).toHaveAttribute('data-theme', 'light')
})

test('the kit opens from the keyboard and Escape cancels it', async ({ page }) => {
  await enterForest(page)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: texts.connectWallet })).toBeFocused()
  await page.keyboard.press('Enter')
  const dialog = kitDialog(page)
  await expect(walletOption(dialog, 'Dev Wallet')).toBeVisible()

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(toast(page, walletTexts.cancelled)).toBeVisible()
})
