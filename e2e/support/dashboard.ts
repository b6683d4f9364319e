import type { Page } from '@playwright/test'
import { expect } from '../fixtures'
import { enterForest } from '../screens'
import { dashboardTexts } from '../texts'
import { bindWallet, type DevAccount } from './bind-wallet'

/**
 * Which devchain account each behaviour uses. A worker's specs share one server, and the server
 * keys duplicates, history and the invalid-code lockout by account, so each account has one kind
 * of use: alice only submits catalogue codes that pay, bob only codes the catalogue rejects
 * (never five in a worker, the lockout), carol only the welcome code (once per worker).
 */
export const accounts = {
  payingCodes: 'alice.wam',
  rejectedCodes: 'bob.wam',
  welcomeCode: 'carol.wam',
} as const satisfies Record<string, DevAccount>

/** The devchain's demo campaign codes, each payable once per server (README of the server). */
export const demoCodes = {
  typedSubmit: 'mossy-oak',
  duplicate: 'silver-fern',
  withoutDecoder: 'dew-drop',
  liveFeed: 'moon-cap',
} as const

/**
 * Signs in through the app, binds `account` through the API and waits for the dashboard, which
 * the live feed brings up without a reload.
 */
export async function enterDashboard(page: Page, account: DevAccount): Promise<void> {
  await enterForest(page)
  await bindWallet(page, account)
  await expect(page.getByText(dashboardTexts.waxAccount(account))).toBeVisible()
}

export function codeBox(page: Page) {
  return page.getByPlaceholder(dashboardTexts.codePlaceholder)
}

export function submitButton(page: Page) {
  return page.getByRole('button', { name: dashboardTexts.submitCode })
}

export function activityList(page: Page) {
  return page.getByRole('region', { name: dashboardTexts.activityTitle })
}

/**
 * Opens the header's menu where the screen is narrow enough to fold it (a phone); on a wide
 * screen its actions are in the header already.
 */
export async function openHeaderMenu(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: dashboardTexts.menu })
  if (await menu.isVisible()) await menu.click()
}

export function treasures(page: Page) {
  return page.getByRole('region', { name: dashboardTexts.treasuresTitle })
}
