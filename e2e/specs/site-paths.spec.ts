import { expect, test } from '../fixtures'
import { expectLoginScreen } from '../screens'
import { axeScan } from '../support/axe'
import { texts } from '../texts'

/** The not-found screen's texts, written out independently of the app's. */
const notFoundTexts = {
  heading: 'Page not found',
  text: 'There is no page at this address. Check the link, or start again at the forest’s entrance.',
  home: 'Back to the Forest',
} as const

test('/claim/{code}, the address people guess, opens the claim link of that code', async ({
  page,
  baseURL,
}) => {
  const response = await page.goto('/claim/willow-wisp')
  expect(response?.request().redirectedFrom()?.url()).toBe(`${baseURL}/claim/willow-wisp`)
  expect(response?.url()).toBe(`${baseURL}/c/willow-wisp`)
  await expect(page.getByRole('region', { name: texts.claimWaiting })).toContainText('FERN')
  await expect(page.getByRole('button', { name: 'Claim 25 FERN' })).toBeEnabled()
})

test('an address the site does not have shows a page saying so, whose link leads home', async ({
  page,
  baseURL,
}) => {
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  const heading = page.getByRole('heading', { level: 1, name: notFoundTexts.heading })
  await expect(heading).toBeFocused()
  await expect(page.getByText(notFoundTexts.text)).toBeVisible()
  await expect(page.getByRole('button', { name: texts.enterForest })).toHaveCount(0)

  const axe = await axeScan(page).analyze()
  expect(axe.violations.map((violation) => violation.id)).toEqual([])

  // From the focused heading, the next stop is the way home, and Enter follows it.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: notFoundTexts.home })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(`${baseURL}/`)
  await expectLoginScreen(page)
})
