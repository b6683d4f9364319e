import { expect, test } from '../fixtures'
import { expectLoginScreen, holdRequests } from '../screens'
import { texts } from '../texts'

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
