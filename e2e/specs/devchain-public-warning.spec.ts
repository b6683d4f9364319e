import { expect, test } from '../fixtures'
import { enterForest } from '../screens'
import { axeScan } from '../support/axe'
import { bindWallet } from '../support/bind-wallet'
import { devchainWarning, devchainWarningText } from '../support/devchain-warning'
import { dashboardTexts } from '../texts'

// A server of this file's own, run as an operator runs a throwaway public demo (the default
// server's absence of the warning is devchain-private.spec.ts's).
test.use({ serverEnv: { DEVCHAIN_PUBLIC: 'true', LOG_LEVEL: 'error' } })

test('with DEVCHAIN_PUBLIC=true every screen warns that its keys are public and nothing is real money', async ({
  page,
}) => {
  await page.goto('/')
  await expect(devchainWarning(page)).toHaveText(devchainWarningText)
  const axe = await axeScan(page).include('.devchain-warning').analyze()
  expect(axe.violations.map((violation) => violation.id)).toEqual([])

  await enterForest(page)
  await expect(devchainWarning(page)).toHaveText(devchainWarningText)

  await bindWallet(page, 'carol.wam')
  await expect(page.getByText(dashboardTexts.waxAccount('carol.wam'))).toBeVisible()
  await expect(devchainWarning(page)).toHaveText(devchainWarningText)
})
