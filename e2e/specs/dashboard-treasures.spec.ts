import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { toast } from '../screens'
import { seriousViolations } from '../support/axe'
import { accounts, codeBox, enterDashboard, treasures } from '../support/dashboard'
import { dashboardTexts } from '../texts'

// Each demo code pays once per server; a worker option of its own gives this file a server of its
// own (shared with the other experience specs, none of which pays alice).
test.use({ serverEnv: { LOG_LEVEL: 'error' } })

const paidCode = 'mossy-oak'
const copiedCode = 'dew-drop'
const totalCode = 'moon-cap'
/** The devchain's NFT demo: a shared code minting each account one 'Ancient Relic'. */
const nftCode = 'ancient-relic'

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

/** 'Total earned: 25.0000 FERN · 1 NFT': its FERN, and its NFTs counted after them. */
const TOTAL_EARNED = /^Total earned: (?:([\d,.]+) FERN)?(?:(?: · )?(\d+) NFTs?)?$/

/**
 * What Treasures says the account has earned in all, once the live feed's snapshot is in (the
 * list or its empty note shows): its FERN and its NFTs, 0 for what it does not name.
 */
async function totalEarned(page: Page): Promise<{ fern: number; nfts: number }> {
  await expect(
    treasures(page).getByRole('list').or(treasures(page).getByText(dashboardTexts.noTreasures)),
  ).toBeVisible()
  const total = treasures(page).getByText(/^Total earned: /)
  if ((await total.count()) === 0) return { fern: 0, nfts: 0 }
  const [, fern = '0', nfts = '0'] = TOTAL_EARNED.exec((await total.textContent()) ?? '') ?? []
  return { fern: Number(fern.replaceAll(',', '')), nfts: Number(nfts) }
}

/** The total as Treasures words it: FERN first, then the NFTs, each only when there are some. */
const totalText = ({ fern: amount, nfts }: { fern: number; nfts: number }) =>
  `Total earned: ${[amount > 0 ? fern(amount) : '', nfts > 0 ? `${nfts} NFT${nfts === 1 ? '' : 's'}` : ''].filter(Boolean).join(' · ')}`

test('Treasures shows the total earned, which grows when a reward is paid, without a reload', async ({
  page,
}) => {
  await enterDashboard(page, accounts.payingCodes)
  const before = await totalEarned(page)
  await codeBox(page).fill(totalCode)
  await codeBox(page).press('Enter')
  await expect(treasures(page).getByText(totalCode)).toBeVisible({ timeout: 15_000 })
  await expect(treasures(page).getByText(/^Total earned: /)).toHaveText(
    totalText({ ...before, fern: before.fern + 25 }),
  )
})

test("an NFT paid is unveiled in Treasures as a card of its art, linked to the asset's own page, and counted beside the tokens", async ({
  page,
}) => {
  await enterDashboard(page, accounts.payingCodes)
  const before = await totalEarned(page)
  await codeBox(page).fill(nftCode)
  await codeBox(page).press('Enter')

  const card = treasures(page).getByRole('listitem').filter({ hasText: nftCode })
  await expect(card).toBeVisible({ timeout: 20_000 })
  const art = card.getByRole('img', { name: 'Ancient Relic, the NFT' })
  await expect
    .poll(() => art.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0)
  // Large art: the card's width, not a thumbnail beside a line of text.
  expect((await art.boundingBox())?.width).toBeGreaterThanOrEqual(140)
  await expect(treasures(page).getByText(/^Total earned: /)).toHaveText(
    totalText({ ...before, nfts: before.nfts + 1 }),
  )

  // 'Asset #…' opens the devchain's page of that asset (AtomicHub's on WAX).
  const assetLink = card.getByRole('link', { name: /^Asset \d+ in the NFT explorer/ })
  const assetId = ((await assetLink.textContent()) ?? '').replace('#', '')
  await expect(assetLink).toHaveAttribute('href', `/devchain/asset/${assetId}`)
  await expect(assetLink).toHaveAttribute('target', '_blank')
  const assetPage = await page.request.get(`/devchain/asset/${assetId}`)
  expect(assetPage.status()).toBe(200)
  const html = await assetPage.text()
  expect(html).toContain('<h1>Ancient Relic</h1>')
  expect(html).toContain(`<th scope="row">Owner</th><td>${accounts.payingCodes}</td>`)

  // One scroll, the page's: the list grows with its entries rather than scrolling inside.
  const list = treasures(page).getByRole('list')
  expect(
    await list.evaluate((element) => ({
      overflow: getComputedStyle(element).overflowY,
      cut: element.scrollHeight > element.clientHeight,
    })),
  ).toEqual({ overflow: 'visible', cut: false })
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
  const shortId = `${transactionId.slice(0, 4)}…${transactionId.slice(-4)}`
  await expect(link).toHaveText(shortId)
  await expect(entry).toContainText(`TX: ${shortId}`)
  // Its name starts with what is seen, for whoever says it aloud (WCAG 2.5.3), then says it whole.
  await expect(link).toHaveAccessibleName(
    `${shortId}, transaction ${transactionId} in the block explorer (opens in a new tab)`,
  )
  expect(await seriousViolations(page, 'ul.treasures')).toEqual([])

  const copy = entry.getByRole('button', { name: `Copy transaction id ${transactionId}` })
  await copy.focus()
  await page.keyboard.press('Enter')
  await expect(toast(page, 'Transaction id copied.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(transactionId)
})
