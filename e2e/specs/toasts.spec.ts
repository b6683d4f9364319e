import type { Locator, Page } from '@playwright/test'
import { toast } from '../screens'
import { contrastRatio } from '../support/contrast'
import { texts, walletTexts } from '../texts'
import { expect, kitDialog, test, walletOption } from '../wallet-fixtures'

// Signed in without the wallet kit, 'Enter the Forest' ends on the spec's error toast at once.
async function enterWithoutKit(page: Page): Promise<Locator> {
  await page.route('**/assets/kit-*.js', (route) => route.abort('internetdisconnected'))
  await page.goto('/')
  await page.getByRole('button', { name: texts.enterForest }).click()
  return toast(page, texts.walletNotInitialized)
}

/**
 * 'Enter the Forest' and alice.wam chosen in the wallet's dialog it opens: the entrance's success,
 * said once the wallet is connected, with the wallet's own words under it.
 */
async function enterAndConnect(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: texts.enterForest }).click()
  const dialog = kitDialog(page)
  await walletOption(dialog, 'Dev Wallet').click()
  await dialog.getByRole('button', { name: 'alice.wam@active' }).click()
  const success = toast(page, texts.signInSucceeded)
  await expect(success).toContainText(walletTexts.connected('alice.wam'))
  return success
}

test('an error toast appears at the bottom right, in the error style', async ({ page }) => {
  const error = await enterWithoutKit(page)
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
  const error = await enterWithoutKit(page)
  // The failure has been said once the button is ready again; sonner renders the toast from a
  // zero-delay timer, and its five seconds start there.
  await expect(page.getByRole('button', { name: texts.connectWallet })).toBeEnabled()
  await page.clock.runFor(0)
  await expect(error).toBeVisible()
  // sonner pauses a toast's timer while the pointer is over the toasts (and while the tab is in
  // the background, never the case for a headless page); keep the pointer well away from them.
  await page.mouse.move(0, 0)

  await page.clock.runFor(4_999)
  await expect(error).toBeVisible()
  await expect(error).toHaveAttribute('data-removed', 'false')

  // At 5 s the toast starts its exit, and sonner takes it out of the page 200 ms later.
  await page.clock.runFor(1)
  await expect(error).toHaveAttribute('data-removed', 'true')
  await page.clock.runFor(200)
  await expect(error).toBeHidden()
})

test('a toast disappears at once when dismissed', async ({ page }) => {
  const error = await enterWithoutKit(page)
  await expect(error).toBeVisible()

  await error.getByRole('button', { name: 'Close notification' }).click()
  await expect(error).toBeHidden({ timeout: 1_000 })
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

for (const scheme of ['light', 'dark'] as const) {
  test(`success and error toasts are in our ${scheme} palette, AA contrast, readable type, the close button inside`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme })
    // A sign-in lost on the network is the error; entering again and connecting, the success.
    await page.route('**/api/session', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
    )
    await page.goto('/')
    await page.getByRole('button', { name: texts.enterForest }).click()
    const error = page.locator('[data-sonner-toast][data-type="error"]')
    await expect(error).toHaveAttribute('data-mounted', 'true')
    const errorLook = await toastLook(error)
    expectReadable(errorLook)
    await error.getByRole('button', { name: 'Close notification' }).click()
    await expect(error).toBeHidden()

    await page.unroute('**/api/session')
    const success = await enterAndConnect(page)
    await expect(success).toHaveAttribute('data-type', 'success')
    // Past sonner's entrance, so the colours read are the settled ones.
    await expect(success).toHaveAttribute('data-mounted', 'true')
    const successLook = await toastLook(success)
    expectReadable(successLook)
    // The two styles are told apart by more than their words.
    expect(errorLook.background).not.toEqual(successLook.background)
    // Each theme's own: a day toast is light under dark ink, a night toast the other way round.
    const lightBackground = (look: typeof successLook) =>
      contrastRatio(look.background, 'rgb(0, 0, 0)') >
      contrastRatio(look.background, 'rgb(255, 255, 255)')
    expect(lightBackground(successLook)).toBe(scheme === 'light')
    expect(lightBackground(errorLook)).toBe(scheme === 'light')

    // Still bottom right.
    const viewport = page.viewportSize()
    if (!viewport) throw new Error('no viewport')
    expect(successLook.toastBox.x).toBeGreaterThan(viewport.width / 2)
    expect(viewport.height - (successLook.toastBox.y + successLook.toastBox.height)).toBeLessThan(
      48,
    )
  })
}

test('the close button, focused, shows a focus ring and Enter dismisses the toast', async ({
  page,
}) => {
  const error = await enterWithoutKit(page)
  await expect(error).toBeVisible()
  const close = error.getByRole('button', { name: 'Close notification' })
  // Tab from the page into the toast, as sonner's toasts and their buttons are tabbable.
  await error.focus()
  await page.keyboard.press('Tab')
  await expect(close).toBeFocused()
  await expect(close).toHaveCSS('outline-width', '3px')
  await page.keyboard.press('Enter')
  await expect(error).toBeHidden()
})
