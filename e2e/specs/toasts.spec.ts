import type { Locator } from '@playwright/test'
import { expect, test } from '../fixtures'
import { enterForest, toast } from '../screens'
import { contrastRatio } from '../support/contrast'
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

/** What a reader of the toast meets: its colours, its type size and its close button's box. */
async function toastLook(toastElement: Locator) {
  return toastElement.evaluate(async (element) => {
    // Sonner slides a toast in (and the stack moves) after data-mounted is set: both boxes
    // are read in one frame, once every transition on the toast has finished.
    await Promise.all(
      element.getAnimations({ subtree: true }).map((animation) => animation.finished),
    )
    const style = getComputedStyle(element)
    const title = element.querySelector('[data-title]')
    const button = element.querySelector('[data-close-button]')
    if (!title || !button) throw new Error('toast without title or close button')
    const buttonStyle = getComputedStyle(button)
    const box = (rect: DOMRect) => ({
      x: rect.x,
      y: rect.y,
      width: rect.width,
      height: rect.height,
    })
    return {
      text: getComputedStyle(title).color,
      background: style.backgroundColor,
      fontSize: Number.parseFloat(getComputedStyle(title).fontSize),
      buttonText: buttonStyle.color,
      buttonBackground: buttonStyle.backgroundColor,
      toastBox: box(element.getBoundingClientRect()),
      closeBox: box(button.getBoundingClientRect()),
    }
  })
}

function expectReadable(look: Awaited<ReturnType<typeof toastLook>>) {
  // WCAG AA: 4.5:1 for body text; the close icon is a graphic, 3:1 (1.4.11).
  expect(contrastRatio(look.text, look.background)).toBeGreaterThanOrEqual(4.5)
  expect(contrastRatio(look.buttonText, look.buttonBackground)).toBeGreaterThanOrEqual(3)
  expect(look.fontSize).toBeGreaterThanOrEqual(16)
  // The close button sits inside the toast, a target of at least 44 × 44 px (WCAG 2.5.5).
  const { toastBox, closeBox } = look
  expect(closeBox.width).toBeGreaterThanOrEqual(44)
  expect(closeBox.height).toBeGreaterThanOrEqual(44)
  expect(closeBox.x).toBeGreaterThanOrEqual(toastBox.x)
  expect(closeBox.y).toBeGreaterThanOrEqual(toastBox.y)
  expect(closeBox.x + closeBox.width).toBeLessThanOrEqual(toastBox.x + toastBox.width)
  expect(closeBox.y + closeBox.height).toBeLessThanOrEqual(toastBox.y + toastBox.height)
}

test('success and error toasts are in our palette, AA contrast, readable type, the close button inside', async ({
  page,
}) => {
  await page.route('**/assets/kit-*.js', (route) => route.abort('internetdisconnected'))
  await enterForest(page)
  const success = toast(page, texts.signInSucceeded)
  await expect(success).toHaveAttribute('data-type', 'success')
  // Past sonner's entrance, so the colours read are the settled ones.
  await expect(success).toHaveAttribute('data-mounted', 'true')
  const successLook = await toastLook(success)
  expectReadable(successLook)
  await success.getByRole('button', { name: 'Close notification' }).click()
  await expect(success).toBeHidden()

  await page.getByRole('button', { name: texts.connectWallet }).click()
  const error = toast(page, texts.walletNotInitialized)
  await expect(error).toHaveAttribute('data-type', 'error')
  await expect(error).toHaveAttribute('data-mounted', 'true')
  const errorLook = await toastLook(error)
  expectReadable(errorLook)
  // The two styles are told apart by more than their words.
  expect(errorLook.background).not.toEqual(successLook.background)

  // Still bottom right.
  const viewport = page.viewportSize()
  if (!viewport) throw new Error('no viewport')
  expect(errorLook.toastBox.x).toBeGreaterThan(viewport.width / 2)
  expect(viewport.height - (errorLook.toastBox.y + errorLook.toastBox.height)).toBeLessThan(48)
})

test('the close button, focused, shows a focus ring and Enter dismisses the toast', async ({
  page,
}) => {
  await enterForest(page)
  const success = toast(page, texts.signInSucceeded)
  await expect(success).toBeVisible()
  const close = success.getByRole('button', { name: 'Close notification' })
  // Tab from the page into the toast, as sonner's toasts and their buttons are tabbable.
  await success.focus()
  await page.keyboard.press('Tab')
  await expect(close).toBeFocused()
  await expect(close).toHaveCSS('outline-width', '3px')
  await page.keyboard.press('Enter')
  await expect(success).toBeHidden()
})
