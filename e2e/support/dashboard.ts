import type { Page } from '@playwright/test'
import { expect } from '../fixtures'
import { enterForest } from '../screens'
import { bindWallet, type DevAccount } from './bind-wallet'

/**
 * The spec's dashboard texts the specs look for, written out independently of the app's
 * texts.ts so a changed text there fails here.
 */
export const dashboardTexts = {
  waxAccount: (account: string) => `WAX: ${account}`,
  help: 'Help',
  logout: 'Logout',
  /** On a phone, Help, the language and Logout are behind this button. */
  menu: 'Menu',
  language: 'Language',
  submitCodeTitle: 'Submit Forest Code',
  enterCodeTab: 'Enter Code',
  scanQrTab: 'Scan QR',
  uploadQrTab: 'Upload QR',
  codePlaceholder: 'Enter your magical code...',
  submitCode: 'Submit to Forest Spirits',
  submittingCode: 'Submitting...',
  codeSubmitted: 'Code submitted! The Forest Spirits are processing your reward...',
  /** A code the catalogue refused as it was submitted, with why. */
  codeRejected: (why: string) => `Code not accepted. ${why}`,
  unknownCode: 'This code does not exist.',
  codeInvalid: 'Please connect your wallet and enter a valid code.',
  codeDuplicate: 'This wallet has already used or submitted this code.',
  startScanning: 'Start Forest Vision',
  stopScanning: 'Stop Vision',
  cameraFailed: 'Could not start camera. Please grant permission.',
  scannerLoadFailed: 'Could not load the QR scanner component.',
  selectQrImage: 'Select QR Image',
  noQrInImage: 'No QR code found in the image or image is invalid.',
  codeDetected: (code: string) => `Forest Code detected: ${code}`,
  activityTitle: 'Forest Spirit Activity',
  treasuresTitle: 'Forest Treasures',
  noTreasures: 'No treasures collected yet.',
  helpTitle: 'Fernwood Forest Rewards Guide',
  claimCompleteTitle: 'Claim Complete!',
  claimBonus: 'Claim Your 5,000 FERN Now',
  // A claim link's reward on the dashboard.
  claimWaiting: 'A reward waits for you',
  claimReward: (amount: string) => `Claim ${amount}`,
  claimLater: 'Not now',
  loadingTreasures: 'Loading your treasures...',
} as const

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
