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

/**
 * Signs in anonymously against the real server, as 'Enter the Forest' does, and opens the app on
 * the connect-wallet screen. 'Enter the Forest' itself also opens the wallet's dialog at once
 * (session.spec.ts and wallet-connect.spec.ts follow that step); the specs that start here bind a
 * wallet their own way, or press 'Connect WAX Wallet' themselves.
 */
export async function enterForest(page: Page): Promise<void> {
  // The site's origin, for the server's cross-site guard, from its cheapest page.
  await page.goto('/api/health')
  const signedIn = await page.request.post('/api/session', {
    headers: { origin: new URL(page.url()).origin },
    data: {},
  })
  expect(signedIn.status()).toBe(201)
  await page.goto('/')
  await expectConnectWalletScreen(page)
}
