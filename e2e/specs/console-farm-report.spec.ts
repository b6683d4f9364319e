import type { Browser } from '@playwright/test'
import { seriousViolations } from '../support/axe'
import { bindWallet, type DevAccount } from '../support/bind-wallet'
import { openConsoleQuicklyAs, withOperator } from '../support/console'
import { expect } from '../wallet-fixtures'

/** The farm report's texts the spec looks for, written out independently of the app's. */
const reportTexts = {
  open: (slug: string) => `Farm report of ${slug}`,
  title: (name: string) => `Farm report of “${name}”`,
  network: 'Same network: 127.0.0.0/24',
  reject: 'Reject pending claims of Same network: 127.0.0.0/24',
  confirmTitle: 'Reject 2 pending claims?',
  confirm: 'Reject them',
  rejected: 'Rejected 2 claims. 0 kept: already being paid, paid or rejected.',
  nothingPending: 'Nothing pending to reject.',
} as const

const OPERATOR = 'carol.wam'
const FARM: DevAccount[] = ['alice.wam', 'bob.wam']

const test = withOperator(OPERATOR)

/** `account` claims `code` from a browser of its own: every browser here is 127.0.0.1. */
async function claimAs(browser: Browser, baseURL: string, account: DevAccount, code: string) {
  const context = await browser.newContext({ baseURL })
  try {
    const page = await context.newPage()
    await page.goto('/')
    const headers = { origin: new URL(page.url()).origin }
    expect((await page.request.post('/api/session', { headers, data: {} })).ok()).toBe(true)
    await bindWallet(page, account)
    const claim = await page.request.post('/api/codes', { headers, data: { code } })
    expect(claim.status(), await claim.text()).toBe(201)
    expect((await claim.json()).reward.status).toBe('pending')
  } finally {
    await context.close()
  }
}

test('an operator opens a campaign’s farm report, sees two accounts that claimed from one network, and rejects their pending claims after confirming', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000)
  await openConsoleQuicklyAs(page, OPERATOR)
  const origin = new URL(page.url()).origin
  const created = await page.request.post('/api/admin/campaigns', {
    headers: { origin },
    data: {
      slug: 'farm-fest',
      name: 'Farm fest',
      kind: 'shared',
      code: 'farm-fest-code',
      reward: '1.0000 FERN',
      humanCheck: 'off',
      // Claims wait an hour before they are paid: the operator's time to review them.
      payoutDelay: 3600,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  for (const account of FARM) await claimAs(browser, String(baseURL), account, 'farm-fest-code')

  const opener = page.getByRole('button', { name: reportTexts.open('farm-fest') })
  await opener.click()
  const dialog = page.getByRole('dialog', { name: reportTexts.title('Farm fest') })
  const network = dialog.getByRole('region', { name: reportTexts.network })
  for (const account of FARM) {
    await expect(network.getByRole('row', { name: new RegExp(account) })).toContainText('pending')
  }

  // Keyboard only: the cluster's action, then the confirmation's own.
  const reject = network.getByRole('button', { name: reportTexts.reject })
  await reject.focus()
  await page.keyboard.press('Enter')
  const confirmation = page.getByRole('alertdialog', { name: reportTexts.confirmTitle })
  await expect(confirmation).toContainText(FARM.join(', '))
  await expect(confirmation.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(confirmation.getByRole('button', { name: reportTexts.confirm })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(confirmation).toBeHidden()

  await expect(dialog.getByRole('status').filter({ hasText: reportTexts.rejected })).toBeVisible()
  for (const account of FARM) {
    await expect(network.getByRole('row', { name: new RegExp(account) })).toContainText('rejected')
  }
  await expect(reject).toHaveAttribute('aria-disabled', 'true')
  await expect(reject).toBeFocused()
  await expect(network).toContainText(reportTexts.nothingPending)

  expect(await seriousViolations(page, '.farm-report')).toEqual([])

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
})
