import type { Page } from '@playwright/test'
import { expect } from './fixtures'
import { texts } from './texts'

export function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text })
}

export async function expectLoginScreen(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible()
  await expect(page.getByText(texts.tagline)).toBeVisible()
  await expect(page.getByRole('button', { name: texts.enterForest })).toBeEnabled()
  await expect(page.getByRole('button', { name: texts.connectWallet })).toHaveCount(0)
}

export async function expectConnectWalletScreen(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: texts.connectWallet })).toBeVisible()
  await expect(page.getByRole('button', { name: texts.leaveForest })).toBeVisible()
  await expect(page.getByRole('button', { name: texts.enterForest })).toHaveCount(0)
}

/** Opens the app and signs in anonymously against the real server. */
export async function enterForest(page: Page): Promise<void> {
  await page.goto('/')
  await page.getByRole('button', { name: texts.enterForest }).click()
  await expectConnectWalletScreen(page)
}
