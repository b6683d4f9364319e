import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { expectLoginScreen } from '../screens'
import { accounts, codeBox, enterDashboard, treasures } from '../support/dashboard'
import { dashboardTexts } from '../texts'

// carol's welcome code pays once per server; a worker option of its own gives this file a server
// of its own.
test.use({ serverEnv: { LOG_LEVEL: 'error' } })

const welcomeCode = 'fernwoodwelcome'

function claimDialog(page: Page) {
  return page.getByRole('dialog', { name: dashboardTexts.claimCompleteTitle })
}

/** The dashboard with the welcome code newest in Treasures, and the server's word on the popup. */
async function welcomeSettled(page: Page, load: () => Promise<unknown>) {
  const asked = page.waitForResponse(
    (response) => response.url().endsWith('/api/session/welcome-claim') && response.ok(),
  )
  await load()
  // Paid and final: the devchain's blocks turn irreversible some seconds after the transfer.
  await expect(treasures(page).getByRole('listitem').first()).toContainText(welcomeCode, {
    timeout: 15_000,
  })
  return (await (await asked).json()) as { show: boolean }
}

test("'Claim Complete!' shows once across two tabs and a reload, and again after Logout and a new entry", async ({
  page,
  context,
}) => {
  const account = accounts.welcomeCode
  await enterDashboard(page, account)
  // A second tab of the same visitor, open when the welcome reward is paid.
  const secondTab = await context.newPage()
  await secondTab.goto('/')
  await expect(secondTab.getByText(dashboardTexts.waxAccount(account))).toBeVisible()

  const [first, second] = await Promise.all([
    welcomeSettled(page, async () => {
      await codeBox(page).fill(welcomeCode)
      await codeBox(page).press('Enter')
    }),
    welcomeSettled(secondTab, async () => {}),
  ])
  // Exactly one of the two tabs is granted the popup, and that one shows it.
  expect([first.show, second.show].sort()).toEqual([false, true])
  const shownIn = first.show ? page : secondTab
  const otherTab = first.show ? secondTab : page
  // In the tab that sent the code, only once its outcome's toast has gone (5 s).
  await expect(claimDialog(shownIn)).toBeVisible({ timeout: 15_000 })
  await expect(claimDialog(otherTab)).toHaveCount(0)
  await shownIn.keyboard.press('Escape')
  await expect(claimDialog(shownIn)).toBeHidden()

  // A reload of either tab, and a third tab, are the same session: no popup.
  const thirdTab = await context.newPage()
  for (const [tab, load] of [
    [page, () => page.reload()],
    [secondTab, () => secondTab.reload()],
    [thirdTab, () => thirdTab.goto('/')],
  ] as const) {
    const answer = await welcomeSettled(tab, load)
    expect(answer.show).toBe(false)
    await expect(claimDialog(tab)).toHaveCount(0)
  }

  // Signing out ends the session; a new entry is a new session, which sees it once more. (The
  // other tabs close first: they share the cookie, and would follow the new session too.)
  await secondTab.close()
  await thirdTab.close()
  await page.getByRole('button', { name: dashboardTexts.logout }).click()
  await expectLoginScreen(page)
  await enterDashboard(page, account)
  await expect(claimDialog(page)).toBeVisible()
})
