import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { enterForest } from '../screens'
import { enterDashboard } from '../support/dashboard'
import { expect, openWalletLogin, test } from '../wallet-fixtures'

// axe-core in Chromium on our screens and inside the kit's open dialog (its shadow root is opened
// by the wallet fixtures): no serious or critical violation, in either system theme.

async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page })
  const results = await (include ? builder.include(include) : builder).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }))
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`with a ${scheme} system theme`, () => {
    test.use({ colorScheme: scheme })

    test('the login and connect-wallet screens', async ({ page }) => {
      await page.goto('/')
      await expect(page.getByRole('button', { name: 'Enter the Forest' })).toBeVisible()
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

    test('the dashboard', async ({ page }) => {
      await enterDashboard(page, 'carol.wam')
      expect(await seriousViolations(page)).toEqual([])
    })
  })
}
