import type { Locator, Page } from '@playwright/test'
import { expect } from '../fixtures'
import { enterForest } from '../screens'
import type { DevAccount } from '../support/bind-wallet'
import { openConsoleQuicklyAs } from '../support/console'
import { activityList, codeBox, enterDashboard, treasures } from '../support/dashboard'
import { dashboardTexts, texts } from '../texts'
import { kitDialog, openWalletLogin, walletOption } from '../wallet-fixtures'
import { codesFor, kioskCampaign, OPERATOR, type ShotDevice } from './campaigns'

/** What is shot once a surface is reached: the page's viewport, the whole page, or one region. */
export interface Shot {
  page: Page
  region?: Locator
  fullPage?: boolean
  /** Where axe looks, when not the whole page. */
  axeScope?: string
}

export interface Surface {
  /** The first part of its files' names. */
  name: string
  /** One line for the index. */
  shows: string
  devices: readonly ShotDevice[]
  /** Brings a page to the surface; `newPage` opens one in a browser of its own, the device's. */
  open(newPage: () => Promise<Page>, device: ShotDevice): Promise<Shot>
}

// Payouts on the devchain take a few blocks; the live feed brings them without a reload.
const payoutTimeoutMs = 30_000
// The error toast's own life: shots wait it out, so that both themes show the same screen.
const toastLifeMs = 15_000

const visitor = ['desktop', 'phone'] as const
const operator = ['desktop', 'tablet'] as const

async function artShown(art: Locator): Promise<void> {
  await expect(art).toBeVisible()
  await expect
    .poll(() => art.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0)
}

async function toastsGone(page: Page): Promise<void> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: toastLifeMs })
}

async function submitCode(page: Page, code: string): Promise<void> {
  await codeBox(page).fill(code)
  await codeBox(page).press('Enter')
}

/** Opens a claim link and claims it in one press, through the kit's Dev Wallet as `account`. */
async function claimThroughLink(page: Page, code: string, account: DevAccount): Promise<Locator> {
  await page.goto(`/c/${code}`)
  await page.getByRole('button', { name: /^Claim / }).click()
  const dialog = kitDialog(page)
  await walletOption(dialog, 'Dev Wallet').click()
  await dialog.getByRole('button', { name: `${account}@active` }).click()
  const moment = page.getByRole('dialog', { name: 'Reward claimed!' })
  await expect(moment).toBeVisible({ timeout: payoutTimeoutMs })
  return moment
}

/** Claims a link as alice.wam and waits until the moment says the reward is paid. */
async function claimedAndPaid(page: Page, code: string): Promise<Locator> {
  const moment = await claimThroughLink(page, code, 'alice.wam')
  await expect(moment.getByRole('status')).toHaveText('Paid to alice.wam.', {
    timeout: payoutTimeoutMs,
  })
  return moment
}

async function claimLinkPage(page: Page, code: string, button: string): Promise<Shot> {
  await page.goto(`/c/${code}`)
  await expect(page.getByRole('region', { name: texts.claimWaiting })).toBeVisible()
  await expect(page.getByRole('button', { name: button })).toBeEnabled()
  const art = page.getByRole('region', { name: texts.claimWaiting }).getByRole('img')
  if ((await art.count()) > 0) await artShown(art.first())
  return { page }
}

function kioskRow(page: Page): Locator {
  return page.locator(`tr[data-campaign="${kioskCampaign.slug}"]`)
}

export const surfaces: Surface[] = [
  {
    name: 'first-screen',
    shows:
      'The first screen: the welcome reward on offer and the language picker, before entering.',
    devices: visitor,
    async open(newPage) {
      const page = await newPage()
      await page.goto('/')
      await expect(page.getByRole('region', { name: texts.welcomeOffer })).toContainText('10 FERN')
      await expect(page.getByRole('combobox', { name: dashboardTexts.language })).toBeVisible()
      await expect(page.getByRole('button', { name: texts.enterForest })).toBeEnabled()
      return { page }
    },
  },
  {
    name: 'wallet-dialog',
    shows: "The wallet kit's dialog, open on its list of wallets, in the site's palette.",
    devices: visitor,
    async open(newPage) {
      const page = await newPage()
      const dialog = await openWalletLogin(page)
      await expect(dialog.getByText('Connect your wallet to login')).toBeVisible()
      await expect(walletOption(dialog, 'Dev Wallet')).toBeVisible()
      // As accessibility.spec.ts does: the page behind the modal dialog is inert.
      return { page, axeScope: '#wharfkit-web-ui' }
    },
  },
  {
    name: 'connect-wallet',
    shows:
      "The connect-wallet screen, after closing the wallet's dialog: 'Connect WAX Wallet' and 'Leave Forest'.",
    devices: visitor,
    async open(newPage) {
      const page = await newPage()
      await enterForest(page)
      return { page }
    },
  },
  {
    name: 'dashboard',
    shows:
      "The dashboard: an NFT reward pending with its art veiled, and a refused code's card with the refusal under the field.",
    devices: visitor,
    async open(newPage, device) {
      const page = await newPage()
      await enterDashboard(page, 'bob.wam')
      const pendingCode = codesFor(device).pendingNft
      await submitCode(page, pendingCode)
      const pending = activityList(page).getByRole('listitem').filter({ hasText: pendingCode })
      await expect(pending).toContainText('Pending')
      await artShown(pending.getByRole('img'))
      await submitCode(page, `no-such-code-${device}`)
      await expect(page.locator('.panel--submit').getByRole('alert')).toHaveText(
        dashboardTexts.codeRejected(dashboardTexts.unknownCode),
      )
      await expect(
        activityList(page)
          .getByRole('button', { name: /^Dismiss / })
          .first(),
      ).toBeVisible()
      await toastsGone(page)
      return { page, fullPage: true }
    },
  },
  {
    name: 'treasures',
    shows:
      'Treasures: a paid NFT as a card of its art, linked to its asset, beside a paid token row.',
    devices: visitor,
    async open(newPage, device) {
      const page = await newPage()
      await enterDashboard(page, 'alice.wam')
      const codes = codesFor(device)
      const paidIn = (code: string) =>
        treasures(page).getByRole('listitem').filter({ hasText: code })
      await submitCode(page, codes.paidNft)
      await expect(paidIn(codes.paidNft)).toBeVisible({ timeout: payoutTimeoutMs })
      await submitCode(page, codes.paidToken)
      await expect(paidIn(codes.paidToken)).toBeVisible({ timeout: payoutTimeoutMs })
      await artShown(paidIn(codes.paidNft).getByRole('img'))
      await toastsGone(page)
      // The region alone: on a phone, the page's sticky header would cover its top.
      return { page, region: treasures(page) }
    },
  },
  {
    name: 'claim-link-token',
    shows:
      'A claim link of FERN: the reward first, its end and what is left, one button naming it.',
    devices: visitor,
    async open(newPage) {
      return claimLinkPage(await newPage(), 'moon-cap', 'Claim 25 FERN')
    },
  },
  {
    name: 'claim-link-nft',
    shows: 'A claim link of an NFT: its art and name, one button naming it.',
    devices: visitor,
    async open(newPage) {
      return claimLinkPage(await newPage(), 'ancient-relic', 'Claim Ancient Relic')
    },
  },
  {
    name: 'claim-moment-pending',
    shows:
      'The full-screen moment right after claiming an NFT that is paid later: its art veiled, pending.',
    devices: visitor,
    async open(newPage, device) {
      const page = await newPage()
      const moment = await claimThroughLink(page, codesFor(device).momentPending, 'carol.wam')
      await artShown(moment.getByRole('img').first())
      await expect(moment.getByRole('status')).not.toHaveText(/^Paid to /)
      return { page }
    },
  },
  {
    name: 'claim-moment-nft-paid',
    shows:
      'The full-screen moment of an NFT claimed and paid: its art unveiled, the transaction, Share.',
    devices: visitor,
    async open(newPage, device) {
      const page = await newPage()
      const moment = await claimedAndPaid(page, codesFor(device).momentNft)
      await artShown(moment.getByRole('img').first())
      return { page }
    },
  },
  {
    name: 'claim-moment-token-paid',
    shows: 'The full-screen moment of FERN claimed and paid: the amount, the transaction, Share.',
    devices: visitor,
    async open(newPage, device) {
      const page = await newPage()
      await claimedAndPaid(page, codesFor(device).momentToken)
      return { page }
    },
  },
  {
    name: 'console-top',
    shows: "The console's top: the 'At a glance' figures first.",
    devices: operator,
    async open(newPage) {
      const page = await newPage()
      await openConsoleQuicklyAs(page, OPERATOR)
      const summary = page.getByRole('region', { name: 'At a glance' })
      await expect(summary.getByRole('definition').first()).toHaveText(/^\d+$/)
      await expect(kioskRow(page)).toBeVisible()
      return { page }
    },
  },
  {
    name: 'console-new-campaign',
    shows: 'The new-campaign form in its three steps, the advanced rules folded.',
    devices: operator,
    async open(newPage) {
      const page = await newPage()
      await openConsoleQuicklyAs(page, OPERATOR)
      const form = page.getByRole('region', { name: 'New campaign' })
      await expect(form.getByRole('group', { name: '3. Who may claim' })).toBeVisible()
      await expect(form.getByLabel('Group', { exact: true })).toBeHidden()
      return { page, region: form }
    },
  },
  {
    name: 'console-actions-menu',
    shows: "The console on a tablet: a campaign row's Actions menu open.",
    devices: ['tablet'],
    async open(newPage) {
      const page = await newPage()
      await openConsoleQuicklyAs(page, OPERATOR)
      const row = kioskRow(page)
      await row.scrollIntoViewIfNeeded()
      const menu = row.getByRole('button', { name: `Actions for ${kioskCampaign.slug}` })
      await menu.click()
      await expect(menu).toHaveAttribute('aria-expanded', 'true')
      await expect(row.getByRole('button', { name: `Close ${kioskCampaign.slug}` })).toBeVisible()
      return { page }
    },
  },
  {
    name: 'kiosk',
    shows:
      'The kiosk on its link: the reward, the QR code, the code to type and the countdown to the next.',
    devices: ['desktop', 'tablet'],
    async open(newPage) {
      const operatorPage = await newPage()
      await openConsoleQuicklyAs(operatorPage, OPERATOR)
      await expect(kioskRow(operatorPage)).toBeVisible()
      // On a narrow screen the row's actions are behind its menu.
      const menu = kioskRow(operatorPage).getByRole('button', {
        name: `Actions for ${kioskCampaign.slug}`,
      })
      if (await menu.isVisible()) await menu.click()
      await operatorPage
        .getByRole('button', { name: `Kiosk links of ${kioskCampaign.slug}` })
        .click()
      const dialog = operatorPage.getByRole('dialog', {
        name: `Kiosk links of “${kioskCampaign.name}”`,
      })
      await dialog.getByRole('button', { name: 'Issue a kiosk link' }).click()
      const link = dialog.getByRole('textbox', { name: 'Kiosk link' })
      await expect(link).toHaveValue(/\/kiosk#/)
      // The kiosk's own browser: no one signed in, only the link.
      const kiosk = await newPage()
      await kiosk.goto(await link.inputValue())
      await expect(
        kiosk.getByRole('heading', { level: 1, name: `Claim your reward: ${kioskCampaign.name}` }),
      ).toBeVisible()
      await expect(kiosk.getByRole('img', { name: /^QR code/ })).toBeVisible()
      await expect(kiosk.getByRole('timer')).toHaveText(/^New code in \d+:\d{2}$/)
      return { page: kiosk, fullPage: true }
    },
  },
]
