import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { toast } from '../screens'
import {
  accounts,
  activityList,
  codeBox,
  demoCodes,
  enterDashboard,
  treasures,
} from '../support/dashboard'
import { dashboardTexts } from '../texts'

/** Marks the loaded document, so a spec can tell a live update from a reload. */
async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => Object.assign(window, { fernwoodSameDocument: true }))
  return () => page.evaluate(() => 'fernwoodSameDocument' in window)
}

/** Counts the page's requests for reward lists other than the live feed. */
function countListFetches(page: Page): () => number {
  let fetches = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/rewards') fetches += 1
  })
  return () => fetches
}

test('a code the worker rejects appears in the activity list as Rejected, with the reason, live', async ({
  page,
}) => {
  const code = `no-such-code-${test.info().workerIndex}-${Date.now()}`
  await enterDashboard(page, accounts.rejectedCodes)
  const sameDocument = await markDocument(page)
  const listFetches = countListFetches(page)

  await codeBox(page).fill(code)
  await page.getByRole('button', { name: dashboardTexts.submitCode }).click()
  await expect(toast(page, dashboardTexts.codeRejected(dashboardTexts.unknownCode))).toBeVisible()

  const entry = activityList(page).getByRole('listitem').filter({ hasText: code })
  await expect(entry).toContainText('Rejected')
  await expect(entry).toContainText('This code does not exist.')
  await expect(activityList(page).getByRole('listitem').first()).toContainText(code)
  await expect(treasures(page).getByText(code)).toHaveCount(0)
  expect(await sameDocument()).toBe(true)
  expect(listFetches()).toBe(0)
})

test('a reward paid to the account appears in every open dashboard of it without a reload', async ({
  page,
  browser,
  baseURL,
}) => {
  const account = accounts.payingCodes
  await enterDashboard(page, account)
  const sameDocument = await markDocument(page)
  const listFetches = countListFetches(page)
  await expect(treasures(page).getByText(demoCodes.liveFeed)).toHaveCount(0)

  // The same wallet, connected in another browser, submits the code.
  const otherBrowser = await browser.newContext({ baseURL })
  const other = await otherBrowser.newPage()
  await enterDashboard(other, account)
  await codeBox(other).fill(demoCodes.liveFeed)
  await codeBox(other).press('Enter')
  await expect(toast(other, dashboardTexts.codeSubmitted)).toBeVisible()
  await otherBrowser.close()

  const entry = treasures(page).getByRole('listitem').filter({ hasText: demoCodes.liveFeed })
  await expect(entry).toContainText('+25.0000 FERN')
  await expect(treasures(page).getByRole('listitem').first()).toContainText(demoCodes.liveFeed)
  await expect(activityList(page).getByText(demoCodes.liveFeed)).toHaveCount(0)
  expect(await sameDocument()).toBe(true)
  expect(listFetches()).toBe(0)
})
