import { expect, test } from '../fixtures'
import { toast } from '../screens'
import { openConsoleQuicklyAs, withOperator } from '../support/console'
import {
  accounts,
  activityList,
  codeBox,
  demoCodes,
  enterDashboard,
  submitButton,
  treasures,
} from '../support/dashboard'
import { holdRequests } from '../support/hold-requests'
import { dashboardTexts } from '../texts'

interface ChainTransaction {
  id: string
  trx: { trx: { actions: { account: string; name: string; data: Record<string, string> }[] } }
}

test('a typed demo code is paid into the history with a transaction the devchain confirms', async ({
  page,
}) => {
  const account = accounts.payingCodes
  await enterDashboard(page, account)
  await expect(submitButton(page)).toBeDisabled()

  await codeBox(page).fill(`  ${demoCodes.typedSubmit.toUpperCase()} `)
  await expect(submitButton(page)).toBeEnabled()
  const submission = await holdRequests(page, 'POST', '**/api/codes')
  await codeBox(page).press('Enter')
  await expect(page.getByRole('button', { name: dashboardTexts.submittingCode })).toBeDisabled()
  submission.release()

  const submitted = toast(page, dashboardTexts.codeSubmitted)
  await expect(submitted).toBeVisible()
  await expect(submitted).toHaveAttribute('data-type', 'success')
  await expect(codeBox(page)).toHaveValue('')
  await expect(submitButton(page)).toBeDisabled()

  const entry = treasures(page).getByRole('listitem').filter({ hasText: demoCodes.typedSubmit })
  await expect(entry).toContainText('+25.0000 FERN')
  await expect(activityList(page).getByText(demoCodes.typedSubmit)).toHaveCount(0)

  const link = entry.getByRole('link')
  const transactionId = (await link.getAttribute('href'))?.replace('/devchain/tx/', '') ?? ''
  expect(transactionId).toMatch(/^[0-9a-f]{64}$/)
  // Shortened in the middle, where people compare ids: its start and its end.
  await expect(entry).toContainText(`TX: ${transactionId.slice(0, 4)}…${transactionId.slice(-4)}`)
  await expect(link).toHaveAttribute('target', '_blank')

  const lookup = await page.request.post('/devchain/v1/history/get_transaction', {
    data: { id: transactionId },
  })
  expect(lookup.ok()).toBe(true)
  const onChain = (await lookup.json()) as ChainTransaction
  expect(onChain.id).toBe(transactionId)
  expect(onChain.trx.trx.actions).toEqual([
    expect.objectContaining({
      account: 'fern.token',
      name: 'transfer',
      data: expect.objectContaining({ to: account, quantity: '25.0000 FERN' }),
    }),
  ])

  const [explorer] = await Promise.all([page.context().waitForEvent('page'), link.click()])
  await expect(explorer.getByRole('heading', { name: 'Transaction' })).toBeVisible()
  await expect(explorer.getByText(transactionId)).toBeVisible()
  await expect(explorer.getByRole('cell', { name: '25.0000 FERN' })).toBeVisible()
})

test('a code this wallet already submitted is refused with the server message', async ({
  page,
}) => {
  await enterDashboard(page, accounts.payingCodes)

  await codeBox(page).fill(demoCodes.duplicate)
  await submitButton(page).click()
  await expect(toast(page, dashboardTexts.codeSubmitted)).toBeVisible()
  await expect(codeBox(page)).toHaveValue('')

  await codeBox(page).fill(demoCodes.duplicate)
  // The claim's answer, past the human check's request for a solution (403) when it is on.
  const refusal = page.waitForResponse(
    (response) => response.url().endsWith('/api/codes') && response.status() !== 403,
  )
  await submitButton(page).click()
  expect((await refusal).status()).toBe(409)
  const duplicate = toast(page, dashboardTexts.codeDuplicate)
  await expect(duplicate).toBeVisible()
  await expect(duplicate).toHaveAttribute('data-type', 'error')
  await expect(codeBox(page)).toHaveValue(demoCodes.duplicate)
  await expect(submitButton(page)).toBeEnabled()
})

test('a blank or malformed code is refused with the spec message', async ({ page }) => {
  await enterDashboard(page, accounts.payingCodes)
  const invalid = toast(page, dashboardTexts.codeInvalid)

  // Only spaces: nothing is left after trimming, so no request is made.
  let requests = 0
  page.on('request', (request) => {
    if (request.url().endsWith('/api/codes')) requests += 1
  })
  await codeBox(page).fill('   ')
  await submitButton(page).click()
  await expect(invalid).toBeVisible()
  await expect(invalid).toHaveAttribute('data-type', 'error')
  expect(requests).toBe(0)
  await invalid.getByRole('button', { name: 'Close notification' }).click()
  await expect(invalid).toHaveCount(0)

  // Longer than any code the catalogue can hold: refused by the rule the server applies too
  // (whose own refusal the server suite covers), again without a request.
  await codeBox(page).fill('x'.repeat(65))
  await submitButton(page).click()
  await expect(invalid).toBeVisible()
  expect(requests).toBe(0)
})

test('an unknown code gets no success toast: an error toast names why, and the Activity agrees', async ({
  page,
}) => {
  const code = `no-such-code-${test.info().workerIndex}-${Date.now()}`
  await enterDashboard(page, accounts.rejectedCodes)
  await codeBox(page).fill(code)
  await codeBox(page).press('Enter')

  const refused = toast(page, dashboardTexts.codeRejected(dashboardTexts.unknownCode))
  await expect(refused).toBeVisible()
  await expect(refused).toHaveAttribute('data-type', 'error')
  await expect(toast(page, dashboardTexts.codeSubmitted)).toHaveCount(0)
  await expect(activityList(page).getByRole('listitem').filter({ hasText: code })).toContainText(
    'Rejected',
  )
  // The code stays in the box, selected, to be corrected or typed over.
  await expect(codeBox(page)).toHaveValue(code)
  await expect(codeBox(page)).toBeFocused()
})

// The console specs' kind of server (an operator, carol): the campaign below is made through the
// console's API, and its NFT waits an hour before it is paid.
const operatorTest = withOperator('carol.wam')

operatorTest(
  "a typed code of an NFT campaign shows the NFT's art in Activity, veiled, while it waits to be paid",
  async ({ page, browser, baseURL }) => {
    await openConsoleQuicklyAs(page, 'carol.wam')
    const created = await page.request.post('/api/admin/campaigns', {
      headers: { origin: new URL(page.url()).origin },
      data: {
        slug: 'frond-later',
        name: 'Frond later',
        kind: 'shared',
        code: 'frond-later',
        nft: 'fernwoodnfts:1',
        humanCheck: 'off',
        payoutDelay: 3600,
      },
    })
    expect(created.status(), await created.text()).toBe(201)

    const visitor = await browser.newContext({ baseURL })
    try {
      const visitorPage = await visitor.newPage()
      await enterDashboard(visitorPage, accounts.payingCodes)
      await codeBox(visitorPage).fill('frond-later')
      await codeBox(visitorPage).press('Enter')
      const entry = activityList(visitorPage)
        .getByRole('listitem')
        .filter({ hasText: 'frond-later' })
      await expect(entry).toContainText('Pending')
      await expect(entry).toContainText('Fern frond')
      await expect(entry).toContainText('On its way to your wallet')
      const art = entry.getByRole('img', { name: 'Fern frond, the NFT' })
      await expect
        .poll(() => art.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0)
      expect((await art.boundingBox())?.width).toBeGreaterThanOrEqual(140)
    } finally {
      await visitor.close()
    }
  },
)
