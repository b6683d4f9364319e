import { DEV_WALLET_PUBLIC_KEY, DEVCHAIN_CHAIN_ID } from '@fernwood/devchain'
import { PublicKey } from '@wharfkit/session'
import { enterForest, expectConnectWalletScreen, toast } from '../screens'
import {
  anchorCreationPage,
  createTexts,
  providerOption,
  standInForAnchorsPage,
} from '../support/account-creation'
import { activityList, codeBox, demoCodes, treasures } from '../support/dashboard'
import { holdRequests } from '../support/hold-requests'
import { kitButtons, texts, walletTexts } from '../texts'
import { expect, kitDialog, test, walletOption } from '../wallet-fixtures'

// 'No WAX account? Create one' on the devchain: the name is asked on our screen (the kit's dialog
// has no field for it), then the kit's create-account screens ask 'Select a Service Provider'
// between the Dev Account Creator, which creates the account on the devchain with the Dev
// Wallet's key, and Anchor's, whose page opens in a popup (and cannot create a devchain account).
// On WAX, where Anchor's is the only provider: wallet-create-account-on-wax.spec.ts.

// This file claims the demo code mossy-oak, which pays once per server; a worker option of its
// own gives it a server of its own.
test.use({ serverEnv: { WELCOME_BONUS: '5,000' } })

async function openCreateAccount(page: Parameters<typeof enterForest>[0]) {
  await enterForest(page)
  await page.getByRole('button', { name: createTexts.offer }).click()
  return page.getByLabel(createTexts.nameField)
}

test("'Select a Service Provider' offers the Dev Account Creator and Anchor's; Anchor's opens its account creation page", async ({
  page,
}) => {
  await standInForAnchorsPage(page)
  const nameField = await openCreateAccount(page)
  await nameField.fill('newforester2')
  await page.getByRole('button', { name: createTexts.create }).click()

  const dialog = kitDialog(page)
  await expect(dialog.getByText(createTexts.selectProvider)).toBeVisible()
  await expect(dialog.getByText('Login to Fernwood')).toBeVisible()
  await expect(dialog.locator('li .label')).toHaveText([
    createTexts.devAccountCreator,
    createTexts.anchorProvider,
  ])
  for (const name of [createTexts.devAccountCreator, createTexts.anchorProvider]) {
    const logo = dialog.getByRole('img', { name: `${name} logo` })
    expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
  }

  const popupOpened = page.waitForEvent('popup')
  await providerOption(dialog, createTexts.anchorProvider).click()
  const popup = await popupOpened
  const creation = new URL(popup.url())
  expect(`${creation.origin}${creation.pathname}`).toBe(anchorCreationPage)
  expect(Object.fromEntries(creation.searchParams)).toEqual({
    supported_chains: DEVCHAIN_CHAIN_ID,
    scope: 'wallet',
  })

  // It cannot complete here: closing it ends the creation, and no account was made.
  await popup.close()
  await expect(dialog.getByText('Popup window closed')).toBeVisible()
  const lookup = await page.request.post('/devchain/v1/chain/get_account', {
    data: { account_name: 'newforester2' },
  })
  expect(lookup.status()).not.toBe(200)
})

test('a new account is created through the kit, connects through the Dev Wallet and claims a code, paid', async ({
  page,
}) => {
  const accountName = 'newforester1'
  const nameField = await openCreateAccount(page)
  await nameField.fill(accountName)

  // Held at the devchain, the kit's dialog shows its create-account screen.
  const creation = await holdRequests(page, 'POST', '**/devchain/v1/chain/push_transaction')
  await page.getByRole('button', { name: createTexts.create }).click()
  const dialog = kitDialog(page)
  await providerOption(dialog, createTexts.devAccountCreator).click()
  await expect(dialog.getByText('Creating Account')).toBeVisible()
  await expect(dialog.getByText('Create Account', { exact: true })).toBeVisible()
  await expect(dialog.getByText('Login to Fernwood')).toBeVisible()
  creation.release()

  await expect(toast(page, createTexts.created(accountName))).toBeVisible()
  await expect(dialog).toBeHidden()
  await expectConnectWalletScreen(page)

  const lookup = await page.request.post('/devchain/v1/chain/get_account', {
    data: { account_name: accountName },
  })
  expect(lookup.status()).toBe(200)
  const account = await lookup.json()
  for (const permission of account.permissions) {
    expect(PublicKey.from(permission.required_auth.keys[0].key).toString()).toBe(
      PublicKey.from(DEV_WALLET_PUBLIC_KEY).toString(),
    )
  }

  await page.getByRole('button', { name: texts.connectWallet }).click()
  await walletOption(dialog, 'Dev Wallet').click()
  await dialog.getByRole('button', { name: `${accountName}@active` }).click()
  await expect(toast(page, walletTexts.connected(accountName))).toBeVisible()
  await expect(page.getByText(walletTexts.waxAccount(accountName))).toBeVisible()

  await codeBox(page).fill(demoCodes.typedSubmit)
  await codeBox(page).press('Enter')
  const entry = treasures(page).getByRole('listitem').filter({ hasText: demoCodes.typedSubmit })
  // Paid once its block is irreversible, as the other specs' payouts are awaited.
  await expect(entry).toContainText('+25.0000 FERN', { timeout: 15_000 })
  await expect(activityList(page).getByText(demoCodes.typedSubmit)).toHaveCount(0)
})

test('a name the provider cannot create is explained under the field, before the kit opens', async ({
  page,
}) => {
  const nameField = await openCreateAccount(page)
  await nameField.fill('short')
  await page.getByRole('button', { name: createTexts.create }).click()
  await expect(page.getByRole('alert').filter({ hasText: createTexts.invalid })).toBeVisible()
  await expect(nameField).toHaveAttribute('aria-invalid', 'true')
  await expect(nameField).toHaveValue('short')
  await expect(kitDialog(page)).toBeHidden()
})

test('a taken name is refused with a message that names it', async ({ page }) => {
  const nameField = await openCreateAccount(page)
  await nameField.fill('fernwoodpays')
  await page.getByRole('button', { name: createTexts.create }).click()
  // The kit's error screen says it first, in the provider's words; closing it shows ours.
  const dialog = kitDialog(page)
  await providerOption(dialog, createTexts.devAccountCreator).click()
  await expect(dialog.getByText(createTexts.taken('fernwoodpays'))).toBeVisible()
  await dialog.getByRole('button', { name: kitButtons.close }).click()
  await expect(dialog).toBeHidden()
  await expect(
    page.getByRole('alert').filter({ hasText: createTexts.taken('fernwoodpays') }),
  ).toBeVisible()
  await expect(nameField).toHaveValue('fernwoodpays')
  await expect(page.getByRole('button', { name: createTexts.create })).toBeEnabled()
})

test('Cancel returns to the connect-wallet screen as it was', async ({ page }) => {
  const nameField = await openCreateAccount(page)
  await expect(nameField).toBeFocused()
  await nameField.fill('neverminded1')
  await page.getByRole('button', { name: createTexts.cancel }).click()
  await expectConnectWalletScreen(page)
  await expect(page.getByRole('button', { name: createTexts.offer })).toBeVisible()
  await expect(nameField).toHaveCount(0)
})
