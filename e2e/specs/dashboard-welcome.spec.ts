import { expect, test } from '../fixtures'
import { expectLoginScreen, toast } from '../screens'
import { accounts, activityList, codeBox, enterDashboard, treasures } from '../support/dashboard'
import { dashboardTexts } from '../texts'

const welcomeCode = 'fernwoodwelcome'

// The operator's staking site: without STAKING_URL the dialog links nowhere.
test.use({ serverEnv: { STAKING_URL: 'https://stake.fernwood.example' } })

test("the welcome code opens 'Claim Complete!' once per session", async ({ page }) => {
  const account = accounts.welcomeCode
  await enterDashboard(page, account)
  await expect(page.getByRole('heading', { name: dashboardTexts.activityTitle })).toHaveCount(0)
  await expect(treasures(page)).toContainText(dashboardTexts.noTreasures)

  const asked = page.waitForResponse((response) =>
    response.url().endsWith('/api/session/welcome-claim'),
  )
  await codeBox(page).fill(welcomeCode)
  await codeBox(page).press('Enter')
  const claim = page.getByRole('dialog', { name: dashboardTexts.claimCompleteTitle })
  // The popup never covers what became of the visitor's own code: while its toast shows (held
  // by the pointer resting on it), the paid welcome code opens nothing.
  const submitted = toast(page, dashboardTexts.codeSubmitted)
  await submitted.hover()
  await expect(treasures(page).getByRole('listitem').first()).toContainText(welcomeCode, {
    timeout: 15_000,
  })
  expect((await (await asked).json()).show).toBe(true)
  await expect(submitted).toBeVisible()
  await expect(claim).toBeHidden()
  await submitted.getByRole('button', { name: 'Close notification' }).click()
  await expect(claim).toBeVisible()
  await expect(activityList(page)).toHaveCount(0)

  const link = claim.getByRole('link', { name: dashboardTexts.claimBonus })
  await expect(link).toBeFocused()
  await expect(link).toHaveAttribute('href', 'https://stake.fernwood.example')
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(link).toHaveAttribute('rel', /noopener/)
  expect((await claim.boundingBox())?.width).toBeLessThanOrEqual(600)
  await claim.getByRole('button', { name: 'Close' }).click()
  await expect(claim).toBeHidden()

  // Still the newest entry, but this session has seen the popup: a reload does not reopen it.
  await page.reload()
  await expect(page.getByText(dashboardTexts.waxAccount(account))).toBeVisible()
  await expect(treasures(page).getByRole('listitem').first()).toContainText(welcomeCode)
  await expect(claim).toHaveCount(0)

  // A new session (sign-out clears the flag) sees it once more.
  await page.getByRole('button', { name: dashboardTexts.logout }).click()
  await expectLoginScreen(page)
  await enterDashboard(page, account)
  await expect(claim).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(claim).toBeHidden()
})
