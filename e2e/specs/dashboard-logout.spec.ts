import { expect, test } from '../fixtures'
import { enterForest, expectLoginScreen, toast } from '../screens'
import { bindWallet } from '../support/bind-wallet'
import { accounts, activityList, codeBox, enterDashboard } from '../support/dashboard'
import { dashboardTexts } from '../texts'

// The control's texts, written out independently of the app's English source.
const signOutEverywhere = 'Sign out everywhere'
const signedOutEverywhere = 'Signed out on every device that used this wallet.'

test('logout forgets the account, its lists and the session', async ({ page }) => {
  const code = `no-such-code-${test.info().workerIndex}-${Date.now()}`
  await enterDashboard(page, accounts.rejectedCodes)
  await codeBox(page).fill(code)
  await codeBox(page).press('Enter')
  await expect(toast(page, dashboardTexts.codeRejected(dashboardTexts.unknownCode))).toBeVisible()
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

test('sign out everywhere ends the wallet’s sessions on every device, this one included', async ({
  page,
  browser,
  server,
}) => {
  await enterDashboard(page, accounts.rejectedCodes)
  const otherDevice = await browser.newContext({ baseURL: server.url })
  try {
    const phone = await otherDevice.newPage()
    await enterDashboard(phone, accounts.rejectedCodes)

    await page.getByRole('button', { name: signOutEverywhere }).click()
    await expectLoginScreen(page)
    await expect(toast(page, signedOutEverywhere)).toBeVisible()
    // The other device's live stream ends with its session, and its page says so by itself.
    await expectLoginScreen(phone)
    expect(await (await phone.request.get('/api/session')).json()).toEqual({ user: null })
  } finally {
    await otherDevice.close()
  }
})
