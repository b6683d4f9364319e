import type { Page, Route } from '@playwright/test'

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
