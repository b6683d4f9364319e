import { devices } from '@playwright/test'
import { enterForest, toast } from '../screens'
import { seriousViolations } from '../support/axe'
import {
  accounts,
  activityList,
  codeBox,
  enterDashboard,
  openHeaderMenu,
} from '../support/dashboard'
import { dashboardTexts, texts } from '../texts'
import { expect, openWalletLogin, test } from '../wallet-fixtures'

// axe-core in Chromium on our screens and inside the kit's open dialog (its shadow root is opened
// by the wallet fixtures): no serious or critical violation, in either system theme.

const { defaultBrowserType: _, ...pixel7 } = devices['Pixel 7']
const screens = { desktop: {}, 'Pixel 7': pixel7 }

for (const scheme of ['light', 'dark'] as const) {
  for (const [screen, device] of Object.entries(screens)) {
    test.describe(`on ${screen}, with a ${scheme} system theme`, () => {
      test.use({ ...device, colorScheme: scheme })

      test("the login screen with a claim link's reward, and the connect-wallet screen", async ({
        page,
      }) => {
        await page.goto('/c/willow-wisp')
        await expect(page.getByRole('region', { name: texts.claimWaiting })).toContainText('FERN')
        expect(await seriousViolations(page)).toEqual([])
        // Without the claim, whose 'Enter the Forest' would open the wallet's dialog at once.
        await page.evaluate(() => sessionStorage.clear())
        await page.goto('/')
        await expect(page.getByRole('button', { name: texts.enterForest })).toBeVisible()
        // What entering gets a visitor, on the first screen: the welcome reward and its code.
        const offer = page.getByRole('region', { name: texts.welcomeOffer })
        await expect(offer).toContainText('10 FERN')
        await expect(offer).toContainText(texts.welcomeOfferHow)
        await expect(page.getByRole('combobox', { name: dashboardTexts.language })).toHaveValue(
          'en',
        )
        expect(await seriousViolations(page)).toEqual([])
        await enterForest(page)
        expect(await seriousViolations(page)).toEqual([])
      })

      test("the kit's dialog, on its wallet list and its account entry", async ({ page }) => {
        const dialog = await openWalletLogin(page)
        await expect(dialog.getByText('Connect your wallet to login')).toBeVisible()
        expect(await seriousViolations(page, '#wharfkit-web-ui')).toEqual([])
        await dialog.getByRole('button', { name: /Dev Wallet \(enter account\)$/ }).click()
        await expect(dialog.getByPlaceholder('Account name')).toBeVisible()
        expect(await seriousViolations(page, '#wharfkit-web-ui')).toEqual([])
      })

      test('the dashboard, with a refused code, its toast and the header menu', async ({
        page,
      }) => {
        // alice, whose Activity no other spec reads whole: four unknown codes in all here, under
        // the lockout's five (bob's are spent by the specs of rejected codes).
        await enterDashboard(page, accounts.payingCodes)
        await codeBox(page).fill(`no-such-code-${Date.now()}`)
        await codeBox(page).press('Enter')
        await expect(
          toast(page, dashboardTexts.codeRejected(dashboardTexts.unknownCode)),
        ).toBeVisible()
        await expect(
          activityList(page)
            .getByRole('button', { name: /^Dismiss / })
            .first(),
        ).toBeVisible()
        expect(await seriousViolations(page)).toEqual([])
        await openHeaderMenu(page)
        await expect(page.getByRole('button', { name: dashboardTexts.logout })).toBeVisible()
        expect(await seriousViolations(page)).toEqual([])
      })
    })
  }
}
