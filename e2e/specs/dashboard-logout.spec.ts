import { expect, test } from '../fixtures'
import { enterForest, expectLoginScreen, toast } from '../screens'
import { bindWallet } from '../support/bind-wallet'
import {
  accounts,
  activityList,
  codeBox,
  dashboardTexts,
  enterDashboard,
} from '../support/dashboard'

test('logout forgets the account, its lists and the session', async ({ page }) => {
  const code = `no-such-code-${test.info().workerIndex}-${Date.now()}`
  await enterDashboard(page, accounts.rejectedCodes)
  await codeBox(page).fill(code)
  await codeBox(page).press('Enter')
  await expect(toast(page, dashboardTexts.codeSubmitted)).toBeVisible()
  await expect(activityList(page).getByText(code)).toBeVisible()

  await page.getByRole('button', { name: dashboardTexts.logout }).click()
  await expectLoginScreen(page)
  await expect(page.getByText(code)).toHaveCount(0)
  await expect(page.getByText(dashboardTexts.waxAccount(accounts.rejectedCodes))).toHaveCount(0)
  const session = await page.request.get('/api/session')
  expect(await session.json()).toEqual({ user: null })

  // The next visitor on this browser starts from nothing: no wallet, then only their own lists.
  await enterForest(page)
  await bindWallet(page, accounts.payingCodes)
  await expect(page.getByText(dashboardTexts.waxAccount(accounts.payingCodes))).toBeVisible()
  await expect(page.getByText(code)).toHaveCount(0)
})
