import { expect, test } from '../fixtures'
import { enterForest, toast } from '../screens'
import { texts } from '../texts'

test('toasts appear at the bottom right in success or error style', async ({ page }) => {
  // Without the wallet kit, 'Connect WAX Wallet' answers with the spec's error toast.
  await page.route('**/assets/kit-*.js', (route) => route.abort('internetdisconnected'))
  await enterForest(page)
  const success = toast(page, texts.signInSucceeded)
  await expect(success).toHaveAttribute('data-type', 'success')

  await page.getByRole('button', { name: texts.connectWallet }).click()
  const error = toast(page, texts.walletNotInitialized)
  await expect(error).toBeVisible()
  await expect(error).toHaveAttribute('data-type', 'error')

  const viewport = page.viewportSize()
  const box = await error.boundingBox()
  if (!viewport || !box) throw new Error('no layout for the toast')
  expect(viewport.width - (box.x + box.width)).toBeLessThanOrEqual(48)
  expect(viewport.height - (box.y + box.height)).toBeLessThanOrEqual(48)
  expect(box.x).toBeGreaterThan(viewport.width / 2)
})

test('a toast hides itself five seconds after it appears', async ({ page }) => {
  // The page's timers run on Playwright's clock, held still from the start: the five seconds
  // are counted exactly, however slowly a loaded machine runs the page.
  await page.clock.install()
  await page.clock.pauseAt(Date.now() + 60_000)
  await enterForest(page)
  // sonner renders a new toast from a zero-delay timer; the toast's five seconds start there.
  await page.clock.runFor(0)
  const success = toast(page, texts.signInSucceeded)
  await expect(success).toBeVisible()
  // sonner pauses a toast's timer while the pointer is over the toasts (and while the tab is in
  // the background, never the case for a headless page); keep the pointer well away from them.
  await page.mouse.move(0, 0)

  await page.clock.runFor(4_999)
  await expect(success).toBeVisible()
  await expect(success).toHaveAttribute('data-removed', 'false')

  // At 5 s the toast starts its exit, and sonner takes it out of the page 200 ms later.
  await page.clock.runFor(1)
  await expect(success).toHaveAttribute('data-removed', 'true')
  await page.clock.runFor(200)
  await expect(success).toBeHidden()
})

test('a toast disappears at once when dismissed', async ({ page }) => {
  await enterForest(page)
  const success = toast(page, texts.signInSucceeded)
  await expect(success).toBeVisible()

  await success.getByRole('button', { name: 'Close notification' }).click()
  await expect(success).toBeHidden({ timeout: 1_000 })
})
