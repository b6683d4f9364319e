import { expect, test } from '../fixtures'
import { toast } from '../screens'
import { accounts, activityList, codeBox, enterDashboard, treasures } from '../support/dashboard'
import { dashboardTexts } from '../texts'

test('the code tabs follow the WAI-ARIA tabs pattern', async ({ page }) => {
  await enterDashboard(page, accounts.payingCodes)
  const tabList = page.getByRole('tablist')
  const tab = (name: string) => tabList.getByRole('tab', { name })
  const enter = tab(dashboardTexts.enterCodeTab)
  const scan = tab(dashboardTexts.scanQrTab)
  const upload = tab(dashboardTexts.uploadQrTab)
  await expect(tabList.getByRole('tab')).toHaveCount(3)
  await expect(enter).toHaveAttribute('aria-selected', 'true')

  // One tab stop: Tab from the Logout button lands on the selected tab, Tab again in its panel.
  await page.getByRole('button', { name: dashboardTexts.logout }).focus()
  await page.keyboard.press('Tab')
  await expect(enter).toBeFocused()
  await expect(enter).toHaveCSS('outline-style', 'solid')
  await page.keyboard.press('ArrowRight')
  await expect(scan).toBeFocused()
  await expect(scan).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel', { name: dashboardTexts.scanQrTab })).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(upload).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowRight')
  await expect(enter).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(upload).toBeFocused()
  await page.keyboard.press('Home')
  await expect(enter).toBeFocused()
  await page.keyboard.press('End')
  await expect(upload).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: dashboardTexts.selectQrImage })).toBeFocused()

  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Home')
  await page.keyboard.press('Tab')
  await expect(codeBox(page)).toBeFocused()
  await expect(codeBox(page)).toHaveAccessibleName(/code/i)
  await page.keyboard.type('   ')
  await page.keyboard.press('Enter')
  await expect(toast(page, dashboardTexts.codeInvalid)).toBeVisible()
})

test.describe('on a small phone', () => {
  test.use({ viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true })

  test('the dashboard and its dialogs fit without sideways scrolling', async ({ page }) => {
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    await enterDashboard(page, accounts.payingCodes)
    expect(await overflow()).toBeLessThanOrEqual(0)
    for (const name of [dashboardTexts.scanQrTab, dashboardTexts.uploadQrTab]) {
      await page.getByRole('tab', { name }).tap()
      expect(await overflow()).toBeLessThanOrEqual(0)
    }

    expect(await overflow()).toBeLessThanOrEqual(0)
    // Help is in the header's menu on a phone.
    await page.getByRole('button', { name: dashboardTexts.menu }).tap()
    await page.getByRole('button', { name: dashboardTexts.help }).tap()
    const guide = page.getByRole('dialog', { name: dashboardTexts.helpTitle })
    await expect(guide).toBeVisible()
    const box = await guide.boundingBox()
    expect(box?.x).toBeGreaterThanOrEqual(0)
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(320)
    await expect(guide.getByRole('button', { name: 'Close' })).toBeInViewport()
  })
})

test('a disabled Start Forest Vision is described by the hint that says why', async ({ page }) => {
  await page.route('**/assets/zxing_reader-*.wasm', (route) => route.abort('connectionrefused'))
  await enterDashboard(page, accounts.payingCodes)

  await page.getByRole('tab', { name: dashboardTexts.scanQrTab }).click()
  const start = page.getByRole('button', { name: dashboardTexts.startScanning })
  await expect(start).toBeDisabled()
  await expect(start).toHaveAccessibleDescription(dashboardTexts.scannerLoadFailed)
})

test('the activity and treasures lists announce their changes politely', async ({ page }) => {
  // The account for rejected codes: a rejected reward stays in the activity list.
  const code = `no-such-code-${test.info().workerIndex}-${Date.now()}`
  await enterDashboard(page, accounts.rejectedCodes)
  await expect(treasures(page)).toHaveAttribute('aria-live', 'polite')
  await expect(treasures(page)).toHaveAttribute('aria-relevant', 'additions')

  await codeBox(page).fill(code)
  await codeBox(page).press('Enter')
  const entry = activityList(page).getByRole('listitem').filter({ hasText: code })
  await expect(entry).toContainText('Rejected')
  await expect(activityList(page)).toHaveAttribute('aria-live', 'polite')
  // A status change reads out its own entry whole, not the entire list.
  await expect(activityList(page)).toHaveAttribute('aria-atomic', 'false')
  await expect(entry).toHaveAttribute('aria-atomic', 'true')
})
