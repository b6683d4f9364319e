import type { Route } from '@playwright/test'
import { expect, test } from '../fixtures'
import { toast } from '../screens'
import { accounts, codeBox, enterDashboard, treasures } from '../support/dashboard'
import { dashboardTexts } from '../texts'

// The deployment's default, stated: every campaign that does not choose asks for the check, and
// the deployment's own weights: accounts younger than a week cost four times more.
test.use({
  serverEnv: {
    HUMAN_CHECK_DEFAULT: 'pow',
    HUMAN_CHECK_YOUNG_ACCOUNT_DAYS: '7',
    HUMAN_CHECK_ADDRESS_WEIGHT: '2',
  },
})

const progressLine = 'Your browser is making a quick check before claiming…'

test('a shared code is claimed with the proof of work running: no click more, the progress line announced, focus kept', async ({
  page,
}) => {
  await enterDashboard(page, accounts.welcomeCode)

  // The claim the solved check lets through is held, to look at the page while it waits.
  const sent: Array<'without check' | 'with check'> = []
  let release = () => {}
  const released = new Promise<void>((open) => {
    release = open
  })
  await page.route('**/api/codes', async (route: Route) => {
    const checked = Boolean(route.request().postDataJSON()?.humanCheck)
    sent.push(checked ? 'with check' : 'without check')
    if (checked) await released
    await route.fallback()
  })
  const challenge = page.waitForResponse((response) =>
    response.url().endsWith('/api/claims/challenge'),
  )

  await codeBox(page).fill('fernwoodwelcome')
  await codeBox(page).press('Enter')
  expect((await challenge).status()).toBe(200)
  const line = page.getByText(progressLine)
  await expect(line).toBeVisible()
  await expect(line).toHaveAttribute('aria-live', 'polite')
  await expect(codeBox(page)).toBeFocused()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  release()
  await expect(toast(page, dashboardTexts.codeSubmitted)).toBeVisible()
  await expect(line).toHaveCount(0)
  await expect(treasures(page).getByRole('listitem').first()).toContainText('fernwoodwelcome', {
    timeout: 15_000,
  })
  expect(sent).toEqual(['without check', 'with check'])
})
