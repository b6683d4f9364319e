import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { toast } from '../screens'
import { accounts, codeBox, demoCodes, enterDashboard, submitButton } from '../support/dashboard'
import { dashboardTexts } from '../texts'

// A server of this file's own, whose lockout comes after two unknown codes and lasts four minutes,
// so that a lockout is reached quickly and its wait is a known one.
test.use({
  serverEnv: {
    LOG_LEVEL: 'error',
    INVALID_CODE_LOCKOUT_ATTEMPTS: '2',
    INVALID_CODE_LOCKOUT_MINUTES: '4',
  },
})
// In order, on one server: the lockout comes last, after bob's unknown code of the first test.
test.describe.configure({ mode: 'default' })

/** The words under the code box, the one alert of the submit panel. */
function refusalUnderBox(page: Page) {
  return page.locator('.panel--submit').getByRole('alert')
}

async function expectRefusalAtBox(page: Page, text: string): Promise<void> {
  const refusal = refusalUnderBox(page)
  await expect(refusal).toHaveText(text)
  await expect(codeBox(page)).toHaveAttribute('aria-invalid', 'true')
  await expect(codeBox(page)).toHaveAccessibleDescription(text)
  // The box and its message sit together: the message starts below the box, not in a corner.
  const box = await codeBox(page).boundingBox()
  const message = await refusal.boundingBox()
  expect(
    box && message && message.y >= box.y + box.height && message.y - (box.y + box.height) < 40,
  ).toBe(true)
}

test('an unknown code is refused under the box, which keeps focus and clears the refusal on typing', async ({
  page,
}) => {
  await enterDashboard(page, accounts.rejectedCodes)
  const why = dashboardTexts.codeRejected(dashboardTexts.unknownCode)

  await codeBox(page).fill(`no-such-code-${Date.now()}`)
  await codeBox(page).press('Enter')
  await expectRefusalAtBox(page, why)
  // The spec's error toast stays as well.
  await expect(toast(page, why)).toHaveAttribute('data-type', 'error')
  await expect(codeBox(page)).toBeFocused()

  await page.keyboard.type('x')
  await expect(refusalUnderBox(page)).toHaveText('')
  await expect(codeBox(page)).not.toHaveAttribute('aria-invalid')
  await expect(codeBox(page)).not.toHaveAttribute('aria-describedby')
})

test('a code this wallet already submitted is refused under the box with the spec message', async ({
  page,
}) => {
  await enterDashboard(page, accounts.payingCodes)
  await codeBox(page).fill(demoCodes.duplicate)
  await submitButton(page).click()
  await expect(toast(page, dashboardTexts.codeSubmitted)).toBeVisible()
  await expect(refusalUnderBox(page)).toHaveText('')

  await codeBox(page).fill(demoCodes.duplicate)
  await codeBox(page).press('Enter')
  await expectRefusalAtBox(page, dashboardTexts.codeDuplicate)
  await expect(codeBox(page)).toBeFocused()
})

test('a wallet locked out for unknown codes is told under the box how long it must wait', async ({
  page,
}) => {
  await enterDashboard(page, accounts.rejectedCodes)
  const lockedOut = 'Too many invalid codes. Try again in 4 minutes.'
  // Until the lockout answers, however many of its two unknown codes the first test spent.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await codeBox(page).fill(`no-such-code-${Date.now()}-${attempt}`)
    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/codes') && response.status() !== 403,
    )
    await codeBox(page).press('Enter')
    if ((await answer).status() === 429) break
  }
  await expectRefusalAtBox(page, lockedOut)
})
