import type { Locator, Page } from '@playwright/test'

/** 'No WAX account? Create one': the spec's and the kit's texts, written out independently. */
export const createTexts = {
  offer: 'No WAX account? Create one',
  nameField: 'New account name',
  create: 'Create Account',
  cancel: 'Cancel',
  invalid: 'An account name has exactly 12 characters: letters a-z and digits 1-5.',
  taken: (name: string) => `The account name ${name} is already taken.`,
  selectProvider: 'Select a Service Provider',
  devAccountCreator: 'Dev Account Creator',
  anchorProvider: 'Purchase account with Anchor',
  created: (name: string) => `WAX account ${name} created. Connect it with 'Connect WAX Wallet'.`,
} as const

/** A provider in the kit's 'Select a Service Provider' list (its name follows its logo's). */
export function providerOption(dialog: Locator, name: string): Locator {
  return dialog.getByRole('button', { name: `${name} logo ${name}`, exact: true })
}

/** Anchor's account-creation page, on the public network this machine has not: a stand-in. */
export async function standInForAnchorsPage(page: Page): Promise<void> {
  await page
    .context()
    .route('https://create.anchor.link/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Create an account</title>' }),
    )
}

/** Where Anchor's account-creation page is opened, without its query. */
export const anchorCreationPage = 'https://create.anchor.link/create'
