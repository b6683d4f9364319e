import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { toast } from '../screens'
import { accounts, codeBox, enterDashboard, treasures } from '../support/dashboard'
import { dashboardTexts } from '../texts'

// Each demo code pays once per server; a worker option of its own gives this file a server of its
// own (shared with the other experience specs, none of which pays alice).
test.use({ serverEnv: { LOG_LEVEL: 'error' } })

const paidCode = 'mossy-oak'
const copiedCode = 'dew-drop'
const totalCode = 'moon-cap'

/** The account's FERN balance as the devchain's node reports it; null when it holds none. */
async function chainBalance(page: Page, account: string): Promise<number | null> {
  const response = await page.request.post('/devchain/v1/chain/get_currency_balance', {
    data: { code: 'fern.token', account, symbol: 'FERN' },
  })
  const [balance] = (await response.json()) as string[]
  return balance === undefined ? null : Number(balance.split(' ')[0])
}

const balanceText = (amount: number | null) =>
  amount === null
    ? 'Balance: 0.0000 FERN'
    : `Balance: ${amount.toLocaleString('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 4 })} FERN`

const fern = (amount: number) =>
  `${amount.toLocaleString('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 4 })} FERN`

/**
 * What Treasures says the account has earned in all, once the live feed's snapshot is in (the
 * list or its empty note shows); 0 when it says nothing.
 */
async function totalEarned(page: Page): Promise<number> {
  await expect(
    treasures(page).getByRole('list').or(treasures(page).getByText(dashboardTexts.noTreasures)),
  ).toBeVisible()
  const total = treasures(page).getByText(/^Total earned: /)
  if ((await total.count()) === 0) return 0
  const text = (await total.textContent()) ?? ''
  return Number(
    text
      .replace(/^Total earned: /, '')
      .replace(' FERN', '')
      .replaceAll(',', ''),
  )
}

test('Treasures shows the total earned, which grows when a reward is paid, without a reload', async ({
  page,
}) => {
  await enterDashboard(page, accounts.payingCodes)
  const before = await totalEarned(page)
  await codeBox(page).fill(totalCode)
  await codeBox(page).press('Enter')
  await expect(treasures(page).getByText(totalCode)).toBeVisible({ timeout: 15_000 })
  await expect(treasures(page).getByText(/^Total earned: /)).toHaveText(
    `Total earned: ${fern(before + 25)}`,
  )
})

test("the header shows the wallet's balance from the chain, which grows when a reward is paid, without a reload", async ({
  page,
}) => {
  const account = accounts.payingCodes
  await enterDashboard(page, account)
  const before = await chainBalance(page, account)
  const balance = page.getByRole('banner').getByText(/^Balance: /)
  await expect(balance).toHaveText(balanceText(before))

  await codeBox(page).fill(paidCode)
  await codeBox(page).press('Enter')
  await expect(treasures(page).getByText(paidCode)).toBeVisible({ timeout: 15_000 })
  const after = (before ?? 0) + 25
  expect(await chainBalance(page, account)).toBe(after)
  await expect(balance).toHaveText(balanceText(after))
})

test("an account holding none of the token shows a balance of 0 in the token's precision", async ({
  page,
}) => {
  // bob is never paid (accounts.rejectedCodes), and the devchain's seed gives him no FERN.
  const account = accounts.rejectedCodes
  await enterDashboard(page, account)
  expect(await chainBalance(page, account)).toBeNull()
  await expect(page.getByRole('banner').getByText(/^Balance: /)).toHaveText('Balance: 0.0000 FERN')
})

test('a transaction id shows its start and end, links to the explorer, and copies whole', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await enterDashboard(page, accounts.payingCodes)
  await codeBox(page).fill(copiedCode)
  await codeBox(page).press('Enter')
  const entry = treasures(page).getByRole('listitem').filter({ hasText: copiedCode })
  await expect(entry).toBeVisible({ timeout: 15_000 })

  const link = entry.getByRole('link')
  const transactionId = (await link.getAttribute('href'))?.replace('/devchain/tx/', '') ?? ''
  expect(transactionId).toMatch(/^[0-9a-f]{64}$/)
  await expect(link).toHaveText(`${transactionId.slice(0, 4)}…${transactionId.slice(-4)}`)
  await expect(entry).toContainText(`TX: ${transactionId.slice(0, 4)}…${transactionId.slice(-4)}`)

  const copy = entry.getByRole('button', { name: `Copy transaction id ${transactionId}` })
  await copy.focus()
  await page.keyboard.press('Enter')
  await expect(toast(page, 'Transaction id copied.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(transactionId)
})
