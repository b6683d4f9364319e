import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { seedPrivateKey } from '@fernwood/devchain'
import type { Page } from '@playwright/test'
import { expectConnectWalletScreen, toast } from '../screens'
import { bindWallet } from '../support/bind-wallet'
import { codeBox, dashboardTexts, enterDashboard, treasures } from '../support/dashboard'
import { transferFern } from '../support/transfer-tokens'
import { texts } from '../texts'
import { expect, kitDialog, walletOption, test as walletTest } from '../wallet-fixtures'

/** The console's texts the spec looks for, written out independently of the app's. */
const consoleTexts = {
  title: 'Fernwood console',
  operator: (account: string) => `Operator: ${account}`,
  refusedTitle: 'This console is for operators',
  notOperator: 'This wallet is not one of the operators’ accounts (ADMIN_ACCOUNTS).',
  created: (slug: string, reward: string) => `Created campaign ${slug} (unique, ${reward} each).`,
  generated: (count: number, slug: string) => `Generated ${count} codes for ${slug}.`,
  noClaims: (slug: string) => `No claims of ${slug} yet.`,
  claimedInTotal: (count: number) => `${count} claimed in total`,
  noFailedPayouts: 'No failed payouts.',
  retried: (code: string) => `${code} will be paid again by the next free worker.`,
} as const

const OPERATOR = 'carol.wam'
const VISITOR = 'alice.wam'
// The payout account of this file's server: a devchain account holding no FERN at first, so the
// first payout is refused and parked until it is funded.
const PAYOUT_ACCOUNT = 'devcreator'

const test = walletTest.extend({
  serverEnv: [
    async ({ serverEnv }, use) => {
      await use({
        ...serverEnv,
        ADMIN_ACCOUNTS: OPERATOR,
        PAYOUT_ACCOUNT,
        PAYOUT_PRIVATE_KEY: seedPrivateKey(PAYOUT_ACCOUNT),
      })
    },
    { scope: 'worker' },
  ],
})

/** Opens /admin, enters and connects `account` through the kit's Dev Wallet. */
async function openConsoleAs(page: Page, account: string): Promise<void> {
  await page.goto('/admin')
  await page.getByRole('button', { name: texts.enterForest }).click()
  await page.getByRole('button', { name: texts.connectWallet }).click()
  const dialog = kitDialog(page)
  await walletOption(dialog, 'Dev Wallet').click()
  await dialog.getByRole('button', { name: `${account}@active` }).click()
}

function campaignRow(page: Page, slug: string) {
  return page.locator(`tr[data-campaign="${slug}"]`)
}

test('an operator creates a unique campaign with 3 codes, downloads them, watches a claim arrive live, and pays a refused payout with Retry once the account is funded', async ({
  page,
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(120_000)
  const slug = 'lantern-cards'
  await openConsoleAs(page, OPERATOR)
  await expect(page.getByRole('heading', { level: 1, name: consoleTexts.title })).toBeVisible()
  await expect(page.getByText(consoleTexts.operator(OPERATOR))).toBeVisible()
  await page.evaluate(() => Object.assign(window, { sameConsoleDocument: true }))

  // Create the campaign from the keyboard: each field by its label, Enter submits.
  await page.getByLabel('Slug').fill(slug)
  await page.getByLabel('Name', { exact: true }).fill('Lantern cards')
  await page.getByLabel('Reward').fill('2.5000 FERN')
  await page.getByLabel('Reward').press('Enter')
  await expect(
    page.getByRole('status').filter({ hasText: consoleTexts.created(slug, '2.5000 FERN') }),
  ).toBeVisible()
  const row = campaignRow(page, slug)
  await expect(row.locator('[data-column="claimed"]')).toHaveText('0')

  await page.getByLabel('How many').fill('3')
  await page.getByRole('button', { name: 'Generate codes' }).click()
  await expect(
    page.locator('.console__downloads').getByText(consoleTexts.generated(3, slug)),
  ).toBeVisible()
  await expect(row.locator('[data-column="remaining"]')).toHaveText('3')

  const csvDownload = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download the CSV' }).click()
  const csv = (await readFile(await (await csvDownload).path(), 'utf8')).trim().split('\n')
  expect(csv[0]).toMatch(/^code,campaign,reward/)
  expect(csv).toHaveLength(4)
  const [firstCode] = csv[1].split(',')
  expect(firstCode).toMatch(/^lantern-cards-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
  const sheetDownload = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download the printable QR sheet' }).click()
  const sheet = await readFile(await (await sheetDownload).path(), 'utf8')
  for (const line of csv.slice(1)) expect(sheet).toContain(`<figcaption>${line.split(',')[0]}`)

  const chart = page.getByRole('region', { name: 'Claims over time' })
  await expect(chart.getByRole('combobox')).toHaveValue(slug)
  await expect(chart.getByText(consoleTexts.noClaims(slug))).toBeVisible()

  // A visitor, in a browser of their own, submits the first code.
  const visitorContext = await browser.newContext({ baseURL })
  try {
    const visitor = await visitorContext.newPage()
    await enterDashboard(visitor, VISITOR)
    await codeBox(visitor).fill(firstCode)
    await visitor.getByRole('button', { name: dashboardTexts.submitCode }).click()
    await expect(toast(visitor, dashboardTexts.codeSubmitted)).toBeVisible()

    // The operator's count and chart move without a reload.
    await expect(row.locator('[data-column="claimed"]')).toHaveText('1', { timeout: 15_000 })
    await expect(row.locator('[data-column="remaining"]')).toHaveText('2')
    await expect(chart.getByText(consoleTexts.claimedInTotal(1))).toBeVisible()
    await expect(chart.locator('.ct-line')).toHaveCount(1)

    // Every part of the console on screen, a table row each: nothing serious for axe-core.
    const { violations } = await new AxeBuilder({ page }).include('main').analyze()
    expect(
      violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([])

    // The payout account holds no FERN: the chain refuses the payout, which waits for Retry.
    const failed = page.getByRole('table', { name: 'Failed payouts' })
    const refused = failed.getByRole('row').filter({ hasText: firstCode })
    await expect(refused).toContainText('no balance object found', { timeout: 20_000 })
    await expect(refused).toContainText(VISITOR)

    await transferFern(server.url, PAYOUT_ACCOUNT, '100.0000 FERN')
    await refused.getByRole('button', { name: `Retry ${firstCode} for ${VISITOR}` }).click()
    await expect(
      page.getByRole('status').filter({ hasText: consoleTexts.retried(firstCode) }),
    ).toBeVisible()
    await expect(page.getByText(consoleTexts.noFailedPayouts)).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText(`${PAYOUT_ACCOUNT} holds 97.5000 FERN.`)).toBeVisible({
      timeout: 20_000,
    })
    await expect(treasures(visitor).getByText(firstCode)).toBeVisible({ timeout: 20_000 })
  } finally {
    await visitorContext.close()
  }
  expect(await page.evaluate(() => 'sameConsoleDocument' in window)).toBe(true)
})

test('a wallet not listed in ADMIN_ACCOUNTS is told so at /admin and sees nothing of the console', async ({
  page,
}) => {
  await page.goto('/admin')
  await page.getByRole('button', { name: texts.enterForest }).click()
  // Signed in (the session cookie set) before the wallet is bound with it.
  await expectConnectWalletScreen(page)
  await bindWallet(page, 'bob.wam')
  await expect(
    page.getByRole('heading', { level: 1, name: consoleTexts.refusedTitle }),
  ).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: consoleTexts.notOperator })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Campaigns' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Payouts' })).toHaveCount(0)
})

test('the console speaks the page’s language: a Korean browser is refused in Korean', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'ko-KR' })
  try {
    const page = await context.newPage()
    await page.goto('/admin')
    const origin = new URL(page.url()).origin
    expect((await page.request.post('/api/session', { headers: { origin }, data: {} })).ok()).toBe(
      true,
    )
    await bindWallet(page, 'bob.wam')
    await page.reload()
    await expect(
      page.getByRole('heading', { level: 1, name: '이 콘솔은 운영자 전용입니다' }),
    ).toBeVisible()
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: '이 지갑은 운영자 계정(ADMIN_ACCOUNTS)이 아닙니다.' }),
    ).toBeVisible()
  } finally {
    await context.close()
  }
})
