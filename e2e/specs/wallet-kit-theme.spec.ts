import { kitButtons } from '../texts'
import { expect, kitDialog, openWalletLogin, test, walletOption } from '../wallet-fixtures'

// The kit's dialog dressed as Fernwood, in the renderer's automatic theme following the system's
// light or dark preference: header, primary button and subtitle read from the page itself.

const forest = {
  light: { header: 'rgb(16, 38, 27)', body: 'rgb(247, 242, 228)', logo: 'cloud-wallet-logo-light' },
  dark: { header: 'rgb(11, 29, 20)', body: 'rgb(16, 38, 27)', logo: 'cloud-wallet-logo-dark' },
} as const
const amber = 'rgb(240, 180, 90)'

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`with a ${scheme} system theme`, () => {
    test.use({ colorScheme: scheme })

    test("the dialog wears the forest's colours and reads 'Login to Fernwood'", async ({
      page,
    }) => {
      const dialog = await openWalletLogin(page)
      await expect(dialog.getByText('Login to Fernwood', { exact: true })).toBeVisible()
      await expect(dialog.getByText('fernwood', { exact: true })).toHaveCount(0)
      const header = dialog.locator('.modal-header')
      await expect(header).toHaveCSS('background-color', forest[scheme].header)
      await expect(dialog.locator('.modal-content')).toHaveCSS(
        'background-color',
        forest[scheme].body,
      )

      await walletOption(dialog, 'Dev Wallet (enter account)').click()
      const lookup = dialog.getByRole('button', { name: 'Lookup Account' })
      await expect(lookup).toHaveCSS('background-color', amber)
      await expect(lookup).toHaveCSS('color', 'rgb(29, 20, 5)')
    })

    test('the Cloud Wallet logo is our whole served image, not the plugin’s cut-short one', async ({
      page,
    }) => {
      const dialog = await openWalletLogin(page)
      const logo = dialog.getByRole('img', { name: 'Cloud Wallet logo' })
      await expect(logo).toHaveAttribute('src', new RegExp(`/${forest[scheme].logo}\\.svg$`))
      await expect
        .poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0)
      const served = await page.request.get(`/${forest[scheme].logo}.svg`)
      expect(served.headers()['content-type']).toContain('image/svg+xml')
    })
  })
}

test('the Settings theme choice wins over the system’s, and About still names the kit’s version', async ({
  page,
}) => {
  const dialog = await openWalletLogin(page)
  await dialog.getByRole('button', { name: kitButtons.settings }).click()
  await dialog.getByRole('button', { name: 'Theme' }).click()
  await dialog.getByText('Dark', { exact: true }).click()
  await expect(kitDialog(page)).toHaveAttribute('data-theme', 'dark')
  await expect(dialog.locator('.modal-header')).toHaveCSS('background-color', forest.dark.header)

  await dialog.getByRole('button', { name: kitButtons.back }).click()
  await dialog.getByRole('button', { name: 'About' }).click()
  await expect(dialog.getByText(/^Version \d+\.\d+\.\d+/)).toBeVisible()
})
