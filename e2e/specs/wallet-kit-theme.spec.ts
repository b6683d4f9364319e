import type { Locator } from '@playwright/test'
import { expectLoginScreen } from '../screens'
import { contrastRatio } from '../support/contrast'
import { enterDashboard, openHeaderMenu } from '../support/dashboard'
import { dashboardTexts, kitButtons, texts } from '../texts'
import { expect, kitDialog, openWalletLogin, test, walletOption } from '../wallet-fixtures'

// The site and the kit's dialog dressed as Fernwood, in one theme: the system's light or dark
// preference, or the visitor's choice (the page's menu or the kit's Settings > Theme, one
// setting). Colours are read from the page itself.

const forest = {
  light: {
    header: 'rgb(16, 38, 27)',
    body: 'rgb(247, 242, 228)',
    page: 'rgb(235, 226, 201)',
    logo: 'cloud-wallet-logo-light',
  },
  dark: {
    header: 'rgb(11, 29, 20)',
    body: 'rgb(16, 38, 27)',
    page: 'rgb(11, 29, 20)',
    logo: 'cloud-wallet-logo-dark',
  },
} as const

const pageBackground = (page: { locator(selector: string): Locator }) =>
  page.locator('html').evaluate((root) => getComputedStyle(root).backgroundColor)

const colours = (element: Locator) =>
  element.evaluate((node) => {
    const style = getComputedStyle(node)
    return { text: style.color, background: style.backgroundColor }
  })
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

    test('the site wears the same theme, its texts readable, and the dialog’s heading is in our display face', async ({
      page,
    }) => {
      await page.goto('/')
      await expectLoginScreen(page)
      const background = await pageBackground(page)
      expect(background).toBe(forest[scheme].page)
      for (const text of [
        page.getByRole('heading', { level: 1, name: texts.title }),
        page.getByText(texts.tagline),
        page.getByRole('region', { name: texts.welcomeOffer }).getByText(texts.welcomeOfferHow),
      ]) {
        expect(contrastRatio((await colours(text)).text, background)).toBeGreaterThanOrEqual(4.5)
      }
      const enter = await colours(page.getByRole('button', { name: texts.enterForest }))
      expect(contrastRatio(enter.text, enter.background)).toBeGreaterThanOrEqual(4.5)

      const dialog = await openWalletLogin(page)
      expect(await pageBackground(page)).toBe(forest[scheme].page)
      const heading = dialog.getByRole('heading', { name: 'Login', exact: true })
      await expect(heading).toHaveCSS('font-family', /^"Fraunces Variable"/)
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
  // One setting: the site behind the dialog turns dark with it.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  expect(await pageBackground(page)).toBe(forest.dark.page)

  await dialog.getByRole('button', { name: kitButtons.back }).click()
  await dialog.getByRole('button', { name: 'About' }).click()
  await expect(dialog.getByText(/^Version \d+\.\d+\.\d+/)).toBeVisible()
})

test('the menu’s theme choice wins over the system’s, stays for the next visit, and dresses the kit’s dialog', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await enterDashboard(page, 'alice.wam')
  await openHeaderMenu(page)
  const theme = page.getByRole('combobox', { name: dashboardTexts.theme })
  // Automatic: the system's light.
  await expect(theme).toHaveValue('system')
  expect(await pageBackground(page)).toBe(forest.light.page)
  await theme.selectOption('dark')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  expect(await pageBackground(page)).toBe(forest.dark.page)

  await page.reload()
  await expect(page.getByRole('heading', { name: dashboardTexts.submitCodeTitle })).toBeVisible()
  expect(await pageBackground(page)).toBe(forest.dark.page)
  await openHeaderMenu(page)
  await page.getByRole('button', { name: dashboardTexts.logout }).click()
  // The kit's dialog, opened by entering, is dark with the site though the system is light.
  await page.getByRole('button', { name: texts.enterForest }).click()
  const dialog = kitDialog(page)
  await expect(dialog.locator('.modal-header')).toHaveCSS('background-color', forest.dark.header)
  await expect(dialog.locator('.modal-content')).toHaveCSS('background-color', forest.dark.body)
})
