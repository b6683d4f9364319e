import { injectScatterStandIn } from '../support/scatter-stand-in'
import { expect, openWalletLogin, test, walletOption } from '../wallet-fixtures'

// WALLETS chooses the wallets the dialog offers, and their order: here the Cloud Wallet and the
// Dev Wallet, not Anchor nor Wombat (whose extension the page has all the same).
test.use({ walletSettings: { WALLETS: 'cloudwallet,devwallet' } })

test('a wallet WALLETS leaves out is not offered, even where its extension is installed', async ({
  page,
}) => {
  await injectScatterStandIn(page)
  const dialog = await openWalletLogin(page)
  await expect(dialog.locator('li .label')).toHaveText([
    'Cloud Wallet',
    'Dev Wallet',
    'Dev Wallet (enter account)',
  ])
  await expect(walletOption(dialog, 'Wombat')).toHaveCount(0)
  await expect(walletOption(dialog, 'Anchor')).toHaveCount(0)
})
