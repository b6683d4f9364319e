import type { Page, Route } from '@playwright/test'
import { expect } from './fixtures'
import { texts } from './texts'

export function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text })
}

export async function expectLoginScreen(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible()
  await expect(page.getByText(texts.tagline)).toBeVisible()
  await expect(page.getByRole('button', { name: texts.enterForest })).toBeEnabled()
  await expect(page.getByRole('button', { name: texts.connectWallet })).toHaveCount(0)
}

export async function expectConnectWalletScreen(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: texts.connectWallet })).toBeVisible()
  await expect(page.getByRole('button', { name: texts.leaveForest })).toBeVisible()
  await expect(page.getByRole('button', { name: texts.enterForest })).toHaveCount(0)
}

/** Opens the app and signs in anonymously against the real server. */
export async function enterForest(page: Page): Promise<void> {
  await page.goto('/')
  await page.getByRole('button', { name: texts.enterForest }).click()
  await expectConnectWalletScreen(page)
}

/**
 * Holds the page's requests matching `method` and `url` until `release()`, then lets them reach
 * the real server unchanged: a way to observe the app's in-between states.
 */
export async function holdRequests(
  page: Page,
  method: string,
  url: string,
): Promise<{ release: () => void }> {
  let release = () => {}
  const released = new Promise<void>((open) => {
    release = open
  })
  await page.route(url, async (route: Route) => {
    if (route.request().method() === method) await released
    await route.fallback()
  })
  return { release }
}

interface ToastTimes {
  shownAt?: number
  goneAt?: number
}
type ToastLog = Record<string, ToastTimes>

/**
 * Makes the page note, by its own clock, when each toast enters and leaves the DOM: measuring
 * from the test process would include the time Playwright takes to notice.
 */
export async function recordToastTimes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: ToastLog = {}
    Object.assign(window, { fernwoodToastLog: log })
    const toastsIn = (node: Node) =>
      node instanceof Element
        ? [
            ...(node.matches('[data-sonner-toast]') ? [node] : []),
            ...node.querySelectorAll('[data-sonner-toast]'),
          ]
        : []
    new MutationObserver((records) => {
      const now = performance.now()
      for (const record of records) {
        for (const node of record.addedNodes) {
          for (const toast of toastsIn(node)) log[toast.textContent ?? ''] ??= { shownAt: now }
        }
        for (const node of record.removedNodes) {
          for (const toast of toastsIn(node)) {
            const times = log[toast.textContent ?? '']
            if (times) times.goneAt = now
          }
        }
      }
    }).observe(document, { childList: true, subtree: true })
  })
}

/** How long the toast with `text` stayed in the DOM, as noted by `recordToastTimes`. */
export async function toastLifetimeMs(page: Page, text: string): Promise<number> {
  const log = await page.evaluate(
    () => (window as unknown as { fernwoodToastLog: ToastLog }).fernwoodToastLog,
  )
  const times = log[text]
  if (times?.shownAt === undefined || times.goneAt === undefined) {
    throw new Error(`no complete record of the toast "${text}": ${JSON.stringify(log)}`)
  }
  return times.goneAt - times.shownAt
}
