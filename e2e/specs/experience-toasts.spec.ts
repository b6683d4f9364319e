import type { Locator } from '@playwright/test'
import { expect, test } from '../fixtures'
import { enterForest, toast } from '../screens'
import { contrastRatio } from '../support/contrast'
import { texts } from '../texts'

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
  // The close button sits inside the toast, a target of at least 24 × 24 px (WCAG 2.5.8).
  const { toastBox, closeBox } = look
  expect(closeBox.width).toBeGreaterThanOrEqual(24)
  expect(closeBox.height).toBeGreaterThanOrEqual(24)
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
