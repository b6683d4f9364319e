import type { Page } from '@playwright/test'

// Written out here, independently of the app's texts.ts, so a changed warning fails here.
export const devchainWarningText =
  'Demo chain: this site runs on a development chain whose keys are public, so anyone can sign as any account and spend what it holds. Nothing here is real money.'

/** The banner a publicly served devchain shows on every screen. */
export function devchainWarning(page: Page) {
  return page.getByRole('complementary', { name: 'Demo chain:' })
}
