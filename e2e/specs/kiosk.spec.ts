import type { Page } from '@playwright/test'
import { test as base, expect } from '../fixtures'
import { seriousViolations } from '../support/axe'
import { bindWallet } from '../support/bind-wallet'
import { enterDashboard } from '../support/dashboard'
import { dashboardTexts, texts } from '../texts'

/** The kiosk's texts, written out independently of the app's. */
const kioskTexts = {
  title: 'Claim your reward: Lantern walk',
  qrAlt: 'QR code: a one-time claim link for Lantern walk',
  orType: /^Or enter the code (\S+)$/,
  claimed: (count: number) => `${count} claimed`,
  reward: 'Each code pays 1.0000 FERN',
  countdown: /^New code in \d+:\d{2}$/,
  celebration: 'Claimed! Enjoy your reward.',
  refused:
    'This kiosk link is not valid: it was revoked or has expired. Ask an operator for a new one.',
  kioskLinksOf: (slug: string) => `Kiosk links of ${slug}`,
  dialogTitle: 'Kiosk links of “Lantern walk”',
  issue: 'Issue a kiosk link',
  link: 'Kiosk link',
  revoke: /^Revoke the kiosk link issued at /,
  revoked: 'Revoked the kiosk link: a tablet showing it stops at once.',
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

/** Opens the console as the operator (signed in through the API) with the kiosk's campaign. */
async function consoleWithCampaign(page: Page, slug: string): Promise<void> {
  await page.goto('/admin')
  const headers = { origin: new URL(page.url()).origin }
  expect((await page.request.post('/api/session', { headers, data: {} })).ok()).toBe(true)
  await bindWallet(page, OPERATOR)
  const created = await page.request.post('/api/admin/campaigns', {
    headers,
    data: { slug, name: 'Lantern walk', kind: 'unique', reward: '1.0000 FERN' },
  })
  expect(created.status(), await created.text()).toBe(201)
  await page.reload()
}

/** The code the kiosk shows now, read as a visitor would type it. */
async function shownCode(kiosk: Page): Promise<string> {
  const typed = await kiosk.locator('.kiosk__typed').textContent()
  const code = kioskTexts.orType.exec(typed ?? '')?.[1]
  if (!code) throw new Error(`no code shown: ${typed}`)
  return code
}

test('an operator issues a kiosk link in the console; a tablet with no session runs the kiosk on it: a claimed link is replaced, a second visitor finds it spent, and a revoke stops the tablet', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000)
  await consoleWithCampaign(page, 'lantern-walk')
  await page.getByRole('button', { name: kioskTexts.kioskLinksOf('lantern-walk') }).click()
  const dialog = page.getByRole('dialog', { name: kioskTexts.dialogTitle })
  await dialog.getByRole('button', { name: kioskTexts.issue }).click()
  const link = await dialog.getByRole('textbox', { name: kioskTexts.link }).inputValue()
  expect(link).toMatch(new RegExp(`^${baseURL}/kiosk#[A-Za-z0-9_-]{43}$`))
  await expect(dialog.getByRole('listitem')).toHaveCount(1)

  // The tablet: a browser of its own, no one signed in, only the link.
  const tablet = await browser.newContext({ baseURL })
  const firstVisitor = await browser.newContext({ baseURL })
  const secondVisitor = await browser.newContext({ baseURL })
  try {
    const kiosk = await tablet.newPage()
    const asked: string[] = []
    kiosk.on('request', (request) => asked.push(new URL(request.url()).pathname))
    await kiosk.goto(link)
    await expect(kiosk.getByRole('heading', { level: 1, name: kioskTexts.title })).toBeFocused()
    await expect(kiosk.getByRole('img', { name: kioskTexts.qrAlt })).toBeVisible()
    await expect(kiosk.getByRole('status').filter({ hasText: kioskTexts.claimed(0) })).toBeVisible()
    // What a claim pays, and how long this code still holds.
    await expect(kiosk.getByText(kioskTexts.reward)).toBeVisible()
    await expect(kiosk.getByRole('timer')).toHaveText(kioskTexts.countdown)
    // The secret left the address bar; the tablet holds the kiosk's cookie and nothing else, and
    // asked for no session nor anything of the console, to which nothing on the page leads.
    expect(kiosk.url()).toBe(`${baseURL}/kiosk`)
    expect((await tablet.cookies()).map(({ name, httpOnly }) => ({ name, httpOnly }))).toEqual([
      { name: 'fernwood_kiosk', httpOnly: true },
    ])
    expect(asked.filter((path) => path.startsWith('/api/'))).toEqual([
      '/api/kiosk/session',
      '/api/kiosk/live',
    ])
    await expect(kiosk.getByRole('link')).toHaveCount(0)
    const first = await shownCode(kiosk)
    expect(await seriousViolations(kiosk, 'main')).toEqual([])

    // The first visitor opens the link the QR code holds, and claims it.
    const visitor = await firstVisitor.newPage()
    await enterDashboard(visitor, 'alice.wam')
    await visitor.goto(`/c/${first}`)
    await visitor.getByRole('button', { name: dashboardTexts.claimReward('1 FERN') }).click()
    await expect(visitor.getByRole('dialog', { name: 'Reward claimed!' })).toBeVisible()

    // The kiosk moves on by itself: the claim celebrated and counted, a new code.
    await expect(kiosk.getByText(kioskTexts.celebration)).toBeVisible({ timeout: 15_000 })
    await expect(kiosk.getByRole('status').filter({ hasText: kioskTexts.claimed(1) })).toBeVisible({
      timeout: 15_000,
    })
    await expect(kiosk.locator('.kiosk__typed')).not.toContainText(first)
    await expect(kiosk.getByRole('img', { name: kioskTexts.qrAlt })).toBeVisible()

    // A photograph of the first code is worth nothing more.
    const late = await secondVisitor.newPage()
    await late.goto(`/c/${first}`)
    await expect(late.getByText(texts.claimNotFound)).toBeVisible()

    // Revoked in the console, the tablet stops showing codes.
    await dialog.getByRole('button', { name: kioskTexts.revoke }).click()
    await expect(dialog.getByRole('status')).toHaveText(kioskTexts.revoked)
    await expect(dialog.getByRole('listitem')).toHaveCount(0)
    await expect(kiosk.getByText(kioskTexts.refused)).toBeVisible({ timeout: 10_000 })
    await expect(kiosk.getByRole('img', { name: kioskTexts.qrAlt })).toHaveCount(0)
  } finally {
    await tablet.close()
    await firstVisitor.close()
    await secondVisitor.close()
  }
})
