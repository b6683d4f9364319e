import type { Locator, Page } from '@playwright/test'
import { expect, test as walletTest } from '../wallet-fixtures'
import { bindWallet } from './bind-wallet'

/** The devchain accounts a console spec may name as operators. */
type Operator = 'carol.wam'

/**
 * The wallet fixtures' `test` on servers whose ADMIN_ACCOUNTS is `operator`, with `env`'s settings
 * added: a worker of their own, as a test's settings must not reach another spec's server.
 */
export function withOperator(operator: Operator, env: Record<string, string> = {}) {
  return walletTest.extend({
    serverEnv: [
      async ({ serverEnv }, use) => use({ ...serverEnv, ...env, ADMIN_ACCOUNTS: operator }),
      { scope: 'worker' },
    ],
  })
}

/** Opens /admin as `account`, signed in and bound through the API rather than the kit's dialog. */
export async function openConsoleQuicklyAs(
  page: Page,
  account: Operator | 'bob.wam',
): Promise<void> {
  await page.goto('/admin')
  const origin = new URL(page.url()).origin
  expect((await page.request.post('/api/session', { headers: { origin }, data: {} })).ok()).toBe(
    true,
  )
  await bindWallet(page, account)
  await page.reload()
}

/** The console's new campaign form, opened as `operator` (one of the server's ADMIN_ACCOUNTS). */
export async function newCampaignForm(page: Page, operator: Operator): Promise<Locator> {
  await openConsoleQuicklyAs(page, operator)
  // The overview arrives on the live stream after the form shows, and its summary, table and
  // chart come above the form and move it: a click before then can land where it was.
  await expect(page.getByRole('region', { name: 'At a glance' })).toBeVisible()
  return page.getByRole('region', { name: 'New campaign' })
}

/** Makes the new campaign `form` mint `template` ('collection:template id') for each claim. */
export async function chooseNftToMint(form: Locator, template: string): Promise<void> {
  await form.getByRole('radio', { name: 'A new NFT, minted from a template' }).check()
  await form.getByLabel('NFT to mint').fill(template)
}
