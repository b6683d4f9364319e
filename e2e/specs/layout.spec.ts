import { devices, type Locator, type Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { expectLoginScreen, toast } from '../screens'
import { activityList, codeBox, enterDashboard, treasures } from '../support/dashboard'
import { holdRequests } from '../support/hold-requests'
import { dashboardTexts, texts } from '../texts'

// A server of its own: the demo code paid here is then this file's alone.
test.use({ serverEnv: { LOG_LEVEL: 'error' } })

/**
 * Every control the page shows (buttons, links, fields, tabs) smaller than 44×44 CSS px, the
 * touch target WCAG 2.5.5 asks for, named with its size. Hidden ones do not count. Sizes are the
 * layout's, before transforms: sonner shrinks a toast stacked behind the newest one a little.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input, select, textarea, [role="tab"]',
    )
    return [...controls]
      .filter((control) => control.checkVisibility({ checkVisibilityCSS: true }))
      .filter((control) => control.offsetWidth < 44 || control.offsetHeight < 44)
      .map((control) => {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim()
        return `${control.tagName.toLowerCase()} "${name}": ${control.offsetWidth}×${control.offsetHeight}`
      })
  })
}

/** What a tap at the centre of `control` lands on: 'itself', or the start of what covers it. */
function tapLandsOn(control: Locator): Promise<string | undefined> {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    return hit && element.contains(hit) ? 'itself' : hit?.outerHTML.slice(0, 120)
  })
}

test.describe('on a small phone', () => {
  test.use({ viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true })

  test('the login and connect-wallet screens fit without sideways scrolling', async ({ page }) => {
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

    await page.goto('/')
    await expectLoginScreen(page)
    expect(await overflow()).toBeLessThanOrEqual(0)

    await page.getByRole('button', { name: texts.enterForest }).tap()
    await expect(page.getByRole('button', { name: texts.connectWallet })).toBeInViewport()
    await expect(page.getByRole('button', { name: texts.leaveForest })).toBeInViewport()
    expect(await overflow()).toBeLessThanOrEqual(0)
  })
})

test('the loading screen keeps still for visitors who prefer reduced motion', async ({ page }) => {
  const loadingAnimations = async (reducedMotion: 'reduce' | 'no-preference') => {
    await page.emulateMedia({ reducedMotion })
    const sessionCheck = await holdRequests(page, 'GET', '**/api/session')
    await page.goto('/')
    await expect(page.getByRole('status')).toHaveText(texts.loading)
    const names = await page.evaluate(() =>
      document.getAnimations().map((animation) => (animation as CSSAnimation).animationName),
    )
    sessionCheck.release()
    await expectLoginScreen(page)
    await page.unrouteAll()
    return names
  }

  expect(await loadingAnimations('no-preference')).not.toEqual([])
  expect(await loadingAnimations('reduce')).toEqual([])
})

test.describe('on a Pixel 7', () => {
  const { defaultBrowserType: _, ...pixel7 } = devices['Pixel 7']
  test.use(pixel7)

  test('the dashboard header is one row, and every control of the dashboard is a 44 px target', async ({
    page,
  }) => {
    await enterDashboard(page, 'bob.wam')
    const header = page.getByRole('banner')
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(100)

    // Every kind of control at once: a paid code with its transaction's link and copy button,
    // a rejected one to dismiss, and its toast with the close button.
    await codeBox(page).fill('mossy-oak')
    await codeBox(page).press('Enter')
    await expect(treasures(page).getByRole('button', { name: /^Copy transaction id/ })).toBeVisible(
      {
        timeout: 15_000,
      },
    )
    await codeBox(page).fill(`no-such-code-${Date.now()}`)
    await codeBox(page).press('Enter')
    await expect(activityList(page).getByRole('button', { name: /^Dismiss / })).toBeVisible()
    const rejected = toast(page, dashboardTexts.codeRejected(dashboardTexts.unknownCode))
    await expect(rejected).toBeVisible()
    expect(await smallTargets(page)).toEqual([])
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(100)

    // The toast comes in over the header, and stops short of its Menu button: a tap there while
    // the toast shows opens the menu rather than closing the toast.
    const menu = page.getByRole('button', { name: dashboardTexts.menu })
    const [toastBox, menuBox] = await Promise.all([rejected.boundingBox(), menu.boundingBox()])
    expect((toastBox?.x ?? 0) + (toastBox?.width ?? 0)).toBeLessThan(menuBox?.x ?? 0)
    expect(await tapLandsOn(menu)).toBe('itself')
    await menu.tap()
    await expect(page.getByRole('button', { name: dashboardTexts.logout })).toBeVisible()
    await expect(page.getByRole('combobox', { name: dashboardTexts.language })).toBeVisible()
    expect(await smallTargets(page)).toEqual([])
  })
})
