import { expect, test } from '../fixtures'
import { enterForest } from '../screens'
import { devchainWarning } from '../support/devchain-warning'

test('the devchain on loopback, as by default, shows no public-chain warning', async ({ page }) => {
  await enterForest(page)
  // The Dev Wallet's account offer follows the same config: once it shows, the config is read.
  await expect(page.getByRole('button', { name: 'No WAX account? Create one' })).toBeVisible()
  await expect(devchainWarning(page)).toHaveCount(0)
  const config = await (await page.request.get('/api/config')).json()
  expect(config).not.toHaveProperty('devchainPublic')
})
