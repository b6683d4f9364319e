import { devices, type Locator } from '@playwright/test'
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

test.describe('on an iPhone 13', () => {
  const { defaultBrowserType: _, ...iPhone13 } = devices['iPhone 13']
  test.use(iPhone13)

  test('a rejected long code keeps its badge on its line, its toast covers none of the panels, and it leaves by itself once seen for 30 seconds', async ({
    page,
  }) => {
    // The page's timers run on Playwright's clock, held still once the dashboard is up: the 30
    // seconds are counted exactly, however slowly a loaded machine runs the page.
    await enterDashboard(page, accounts.rejectedCodes)
    await page.clock.install()
    await page.clock.pauseAt(Date.now() + 1_000)
    const code = `enchanted-mossy-oak-of-the-northern-glade-${Date.now()}`
    await codeBox(page).fill(code)
    await codeBox(page).press('Enter')
    const entry = activityList(page).getByRole('listitem').filter({ hasText: code })
    await expect(entry).toContainText('Rejected')

    // The toast comes in at the top, over the header's bar, clear of the panels: with the page
    // at its top, and with the code box scrolled up to the header (where focus takes it).
    // sonner renders a new toast from a zero-delay timer.
    await page.clock.runFor(0)
    const refused = toast(page, dashboardTexts.codeRejected(dashboardTexts.unknownCode))
    await expect(refused).toBeVisible()
    const clearOfToast = async (content: Locator) => {
      const [toastBox, box] = [await refused.boundingBox(), await content.boundingBox()]
      if (!toastBox || !box) throw new Error('no layout for the toast or the content')
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(box.y)
    }
    await page.evaluate(() => window.scrollTo(0, 0))
    await clearOfToast(page.locator('.panel--submit'))
    await clearOfToast(activityList(page))
    await codeBox(page).evaluate((box) => box.scrollIntoView({ block: 'start' }))
    await clearOfToast(codeBox(page))

    // However long the code, its status badge stays beside its first line.
    const written = await entry.getByText(code, { exact: true }).boundingBox()
    const badge = await entry.getByText('Rejected', { exact: true }).boundingBox()
    if (!written || !badge) throw new Error('no layout for the code or its badge')
    expect(badge.x).toBeGreaterThan(written.x + written.width - 1)
    expect(badge.y).toBeLessThan(written.y + written.height / 2)

    // Seen (on screen, nothing over or in it), it counts down; at 30 s it is dismissed for good.
    await entry.scrollIntoViewIfNeeded()
    await expect(entry).toHaveAttribute('data-leaving', 'true')
    await page.clock.runFor(29_999)
    await expect(entry).toBeVisible()
    await page.clock.runFor(1)
    await expect(entry).toHaveCount(0)
    // For good: the page loaded again (its clock running again) does not list it.
    await page.clock.resume()
    await page.reload()
    await expect(page.getByText(dashboardTexts.waxAccount(accounts.rejectedCodes))).toBeVisible()
    await expect(activityList(page).getByText(code, { exact: true })).toHaveCount(0)
  })
})
