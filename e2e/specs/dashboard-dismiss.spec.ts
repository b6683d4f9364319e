import { expect, test } from '../fixtures'
import { toast } from '../screens'
import { accounts, activityList, codeBox, enterDashboard } from '../support/dashboard'
import { dashboardTexts } from '../texts'

// bob's unknown codes count towards a lockout per server; a worker option of its own gives this
// file a server of its own.
test.use({ serverEnv: { LOG_LEVEL: 'error' } })

test('a rejected code is dismissed from the keyboard, and stays dismissed after a reload and on another device', async ({
  page,
  browser,
}) => {
  const account = accounts.rejectedCodes
  const dismissed = `no-such-code-${Date.now()}`
  const kept = `${dismissed}-kept`
  await enterDashboard(page, account)
  for (const code of [dismissed, kept]) {
    await codeBox(page).fill(code)
    await codeBox(page).press('Enter')
    await expect(
      toast(page, dashboardTexts.codeRejected(dashboardTexts.unknownCode)).first(),
    ).toBeVisible()
    await expect(
      activityList(page).getByRole('listitem').filter({ hasText: code }).first(),
    ).toContainText('Rejected')
  }
  const entry = (code: string) =>
    activityList(page)
      .getByRole('listitem')
      .filter({ has: page.getByText(code, { exact: true }) })

  const dismiss = entry(dismissed).getByRole('button', { name: `Dismiss ${dismissed}` })
  await dismiss.focus()
  await page.keyboard.press('Enter')
  await expect(entry(dismissed)).toHaveCount(0)
  await expect(entry(kept)).toBeVisible()

  await page.reload()
  await expect(entry(kept)).toBeVisible()
  await expect(entry(dismissed)).toHaveCount(0)

  // Another device: a browser context of its own, signed in anew and bound to the same wallet.
  const otherDevice = await browser.newContext()
  try {
    const otherPage = await otherDevice.newPage()
    await enterDashboard(otherPage, account)
    const otherActivity = activityList(otherPage)
    await expect(otherActivity.getByText(kept, { exact: true })).toBeVisible()
    await expect(otherActivity.getByText(dismissed, { exact: true })).toHaveCount(0)
  } finally {
    await otherDevice.close()
  }
})
