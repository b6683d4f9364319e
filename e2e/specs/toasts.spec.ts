import { expect, test } from '../fixtures'
import { enterForest, recordToastTimes, toast, toastLifetimeMs } from '../screens'
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

test('a toast hides itself about five seconds after it appears', async ({ page }) => {
  await recordToastTimes(page)
  await enterForest(page)
  const success = toast(page, texts.signInSucceeded)
  await expect(success).toBeVisible()
  // Hovering the toasts pauses their timers; keep the pointer well away from them.
  await page.mouse.move(0, 0)

  await expect(success).toBeHidden({ timeout: 10_000 })
  const lifetimeMs = await toastLifetimeMs(page, texts.signInSucceeded)
  // Five seconds shown, then a short exit animation; timers fire late under load, never early.
  expect(lifetimeMs).toBeGreaterThanOrEqual(5_000)
  expect(lifetimeMs).toBeLessThanOrEqual(7_000)
})

test('a toast disappears at once when dismissed', async ({ page }) => {
  await enterForest(page)
  const success = toast(page, texts.signInSucceeded)
  await expect(success).toBeVisible()

  await success.getByRole('button', { name: 'Close notification' }).click()
  await expect(success).toBeHidden({ timeout: 1_000 })
})
