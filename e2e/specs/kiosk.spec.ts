import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test as base, expect } from '../fixtures'
import { toast } from '../screens'
import { bindWallet } from '../support/bind-wallet'
import { enterDashboard } from '../support/dashboard'
import { dashboardTexts, texts } from '../texts'

/** The kiosk's texts, written out independently of the app's. */
const kioskTexts = {
  title: 'Claim your reward: Lantern walk',
  qrAlt: 'QR code: a one-time claim link for Lantern walk',
  orType: /^Or enter the code (\S+)$/,
  claimed: (count: number) => `${count} claimed`,
} as const

const OPERATOR = 'carol.wam'

const test = base.extend({
  serverEnv: [
    async ({ serverEnv }, use) => {
      await use({ ...serverEnv, ADMIN_ACCOUNTS: OPERATOR })
    },
    { scope: 'worker' },
  ],
})

/** Signs the page in as the operator through the API, and makes the kiosk's unique campaign. */
async function operatorWithCampaign(page: Page, slug: string): Promise<void> {
  await page.goto('/admin')
  const headers = { origin: new URL(page.url()).origin }
  expect((await page.request.post('/api/session', { headers, data: {} })).ok()).toBe(true)
  await bindWallet(page, OPERATOR)
  const created = await page.request.post('/api/admin/campaigns', {
    headers,
    data: { slug, name: 'Lantern walk', kind: 'unique', reward: '1.0000 FERN' },
  })
  expect(created.status(), await created.text()).toBe(201)
}

/** The code the kiosk shows now, read as a visitor would type it. */
async function shownCode(kiosk: Page): Promise<string> {
  const typed = await kiosk.locator('.kiosk__typed').textContent()
  const code = kioskTexts.orType.exec(typed ?? '')?.[1]
  if (!code) throw new Error(`no code shown: ${typed}`)
  return code
}

test('the kiosk shows a one-time claim link: claimed, it is replaced, and a second visitor finds the first spent', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000)
  await operatorWithCampaign(page, 'lantern-walk')
  await page.goto('/admin/kiosk/lantern-walk')
  await expect(page.getByRole('heading', { level: 1, name: kioskTexts.title })).toBeFocused()
  await expect(page.getByRole('img', { name: kioskTexts.qrAlt })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: kioskTexts.claimed(0) })).toBeVisible()
  const first = await shownCode(page)
  const { violations } = await new AxeBuilder({ page }).include('main').analyze()
  expect(violations.filter(({ impact }) => impact === 'serious' || impact === 'critical')).toEqual(
    [],
  )

  const firstVisitor = await browser.newContext({ baseURL })
  const secondVisitor = await browser.newContext({ baseURL })
  try {
    // The first visitor opens the link the QR code holds, and claims it.
    const visitor = await firstVisitor.newPage()
    await enterDashboard(visitor, 'alice.wam')
    await visitor.goto(`/c/${first}`)
    await visitor.getByRole('button', { name: dashboardTexts.claimReward('1.0000 FERN') }).click()
    await expect(toast(visitor, dashboardTexts.codeSubmitted)).toBeVisible()

    // The kiosk moves on by itself: a new code, the claim counted.
    await expect(page.getByRole('status').filter({ hasText: kioskTexts.claimed(1) })).toBeVisible({
      timeout: 15_000,
    })
    await expect(page.locator('.kiosk__typed')).not.toContainText(first)
    await expect(page.getByRole('img', { name: kioskTexts.qrAlt })).toBeVisible()

    // A photograph of the first code is worth nothing more.
    const late = await secondVisitor.newPage()
    await late.goto(`/c/${first}`)
    await expect(late.getByText(texts.claimNotFound)).toBeVisible()
  } finally {
    await firstVisitor.close()
    await secondVisitor.close()
  }
})
