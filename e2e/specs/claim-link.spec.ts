import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expectConnectWalletScreen, toast } from '../screens'
import { bindWallet } from '../support/bind-wallet'
import { type FakeCamera, type FakeCameraFile, fakeCamera } from '../support/camera'
import { accounts, codeBox, submitButton, treasures } from '../support/dashboard'
import { writeQrPng } from '../support/qr-media'
import { dashboardTexts, texts } from '../texts'
import { expect, kitDialog, walletOption, test as walletTest } from '../wallet-fixtures'

/** This feature's texts, written out independently of the app's. */
const claimTexts = {
  linkInvalid: 'This link holds no valid Forest Code.',
  otherSite: (host: string) => `This QR code leads to ${host}, not to Fernwood. It was not used.`,
} as const

/**
 * The wallet specs' fixtures (the kit's dialog reachable) with Chromium's fake camera: this
 * file's workers launch their own browser, and have a server of their own, so the demo codes
 * paid here are theirs.
 */
const test = walletTest.extend<FakeCamera & { folder: string }, FakeCameraFile>({
  ...fakeCamera,
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  folder: async ({}, use) => {
    const folder = await mkdtemp(join(tmpdir(), 'fernwood-claim-'))
    await use(folder)
    await rm(folder, { recursive: true, force: true })
  },
})

/** Counts the page's code submissions, to tell that none went before the button was pressed. */
function countSubmissions(page: Page): () => number {
  let count = 0
  page.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/codes') return
    // A claim the human check sends back is sent again with its solution: one claim all the same.
    if (!request.postDataJSON()?.humanCheck) count += 1
  })
  return () => count
}

async function uploadImage(page: Page, file: string): Promise<void> {
  await page.getByRole('tab', { name: dashboardTexts.uploadQrTab }).click()
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: dashboardTexts.selectQrImage }).click(),
  ])
  await chooser.setFiles(file)
}

async function enterDashboardAsAlice(page: Page): Promise<void> {
  await page.getByRole('button', { name: texts.enterForest }).click()
  await expectConnectWalletScreen(page)
  await bindWallet(page, accounts.payingCodes)
  await expect(page.getByText(dashboardTexts.waxAccount(accounts.payingCodes))).toBeVisible()
}

function paid(page: Page, code: string) {
  return treasures(page).getByRole('listitem').filter({ hasText: code })
}

test('a claim link shows its reward before entering, and ends in one claim tap after connecting', async ({
  page,
  baseURL,
}) => {
  const submissions = countSubmissions(page)
  await page.goto('/c/Moon-Cap')
  const reward = page.getByRole('region', { name: texts.claimWaiting })
  await expect(reward).toContainText('25.0000 FERN')
  await expect(reward).toContainText('Forest demo')
  const enter = page.getByRole('button', { name: texts.enterForest })
  // Reward first: above the button that enters.
  expect((await reward.boundingBox())?.y).toBeLessThan((await enter.boundingBox())?.y ?? 0)

  // Entering to claim, the wallet's dialog follows by itself: no 'Connect WAX Wallet' tap.
  await enter.click()
  const dialog = kitDialog(page)
  await expect(dialog).toBeVisible()
  await expect(page.getByText(texts.connectToClaim)).toBeAttached()
  await walletOption(dialog, 'Dev Wallet').click()
  await dialog.getByRole('button', { name: `${accounts.payingCodes}@active` }).click()
  await expect(page.getByText(dashboardTexts.waxAccount(accounts.payingCodes))).toBeVisible()

  // The dashboard offers the claim, by its reward; the address is the site's, nothing is sent yet.
  const claim = page.getByRole('button', { name: dashboardTexts.claimReward('25.0000 FERN') })
  await expect(claim).toBeVisible()
  await expect(page).toHaveURL(`${baseURL}/`)
  await expect(codeBox(page)).toHaveValue('')
  await page.reload()
  await expect(claim).toBeVisible()
  expect(submissions()).toBe(0)

  await claim.click()
  await expect(toast(page, dashboardTexts.codeSubmitted)).toBeVisible()
  await expect(paid(page, 'moon-cap')).toBeVisible({ timeout: 15_000 })
  expect(submissions()).toBe(1)

  // Claimed, it no longer waits.
  await expect(page.getByRole('region', { name: dashboardTexts.claimWaiting })).toHaveCount(0)
  await page.reload()
  await expect(paid(page, 'moon-cap')).toBeVisible()
  await expect(page.getByRole('region', { name: dashboardTexts.claimWaiting })).toHaveCount(0)
})

test('leaving the forest forgets a claim link still waiting: the next visitor on the tab is offered nothing', async ({
  page,
}) => {
  await page.goto('/c/dew-drop')
  await page.getByRole('button', { name: texts.enterForest }).click()
  const dialog = kitDialog(page)
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  // Behind the closed dialog, the reward still shows with the way to claim it.
  await expect(page.getByRole('region', { name: texts.claimWaiting })).toContainText('Forest demo')
  await page.getByRole('button', { name: texts.leaveForest }).click()
  await expect(page.getByRole('button', { name: texts.enterForest })).toBeVisible()
  await expect(page.getByRole('region', { name: texts.claimWaiting })).toHaveCount(0)

  await page.getByRole('button', { name: texts.enterForest }).click()
  await page.getByRole('button', { name: texts.connectWallet }).click()
  await walletOption(dialog, 'Dev Wallet').click()
  await dialog.getByRole('button', { name: `${accounts.rejectedCodes}@active` }).click()
  await expect(page.getByText(dashboardTexts.waxAccount(accounts.rejectedCodes))).toBeVisible()
  await expect(page.getByRole('region', { name: dashboardTexts.claimWaiting })).toHaveCount(0)
  await expect(codeBox(page)).toHaveValue('')
})

test('a claim link whose code pays nothing says so before entering, and offers nothing after', async ({
  page,
}) => {
  const submissions = countSubmissions(page)
  await page.goto('/c/no-such-card')
  await expect(page.getByText(texts.claimNotFound)).toBeVisible()
  await enterDashboardAsAlice(page)
  await expect(page.getByRole('region', { name: dashboardTexts.claimWaiting })).toHaveCount(0)
  await expect(codeBox(page)).toHaveValue('')
  expect(submissions()).toBe(0)
})

test('a claim link holding no valid code says so and leaves the box empty', async ({
  page,
  baseURL,
}) => {
  await page.goto('/c/moss%E2%80%AEoak')
  const refused = toast(page, claimTexts.linkInvalid)
  await expect(refused).toBeVisible()
  await expect(refused).toHaveAttribute('data-type', 'error')
  await expect(page).toHaveURL(`${baseURL}/`)
  await enterDashboardAsAlice(page)
  await expect(codeBox(page)).toHaveValue('')
})

test('an uploaded QR code holding a claim link of this site fills the box as a bare code would, and is paid', async ({
  page,
  baseURL,
  folder,
}) => {
  const image = join(folder, 'claim-link.png')
  await writeQrPng(image, `${baseURL}/c/willow-wisp`)
  await page.goto('/')
  await enterDashboardAsAlice(page)

  await uploadImage(page, image)
  await expect(toast(page, dashboardTexts.codeDetected('willow-wisp'))).toHaveAttribute(
    'data-type',
    'success',
  )
  await expect(codeBox(page)).toHaveValue('willow-wisp')
  await submitButton(page).click()
  await expect(paid(page, 'willow-wisp')).toBeVisible({ timeout: 15_000 })
})

test('an uploaded QR code leading to another site, or to another page of ours, is refused', async ({
  page,
  baseURL,
  folder,
}) => {
  const elsewhere = join(folder, 'elsewhere.png')
  const ourHelp = join(folder, 'our-help.png')
  await writeQrPng(elsewhere, 'https://fernwood.example.test/c/silver-fern')
  await writeQrPng(ourHelp, `${baseURL}/help`)
  await page.goto('/')
  await enterDashboardAsAlice(page)

  for (const [file, message] of [
    [elsewhere, claimTexts.otherSite('fernwood.example.test')],
    [ourHelp, claimTexts.linkInvalid],
  ]) {
    await uploadImage(page, file)
    const refused = toast(page, message)
    await expect(refused).toHaveAttribute('data-type', 'error')
    await refused.getByRole('button', { name: 'Close notification' }).click()
  }
  await page.getByRole('tab', { name: dashboardTexts.enterCodeTab }).click()
  await expect(codeBox(page)).toHaveValue('')
})

test.describe('with the camera allowed', () => {
  test.use({ permissions: ['camera'] })

  test('a scanned QR code leading to another site is refused', async ({ page, cameraSees }) => {
    await cameraSees('https://fernwood.example.test/c/dew-drop')
    await page.goto('/')
    await enterDashboardAsAlice(page)

    await page.getByRole('tab', { name: dashboardTexts.scanQrTab }).click()
    await page.getByRole('button', { name: dashboardTexts.startScanning }).click()
    const refused = toast(page, claimTexts.otherSite('fernwood.example.test'))
    await expect(refused).toHaveAttribute('data-type', 'error')
    // The camera stopped at the code, as after any code; the visitor may scan another.
    await expect(page.getByRole('button', { name: dashboardTexts.startScanning })).toBeVisible()
    await page.getByRole('tab', { name: dashboardTexts.enterCodeTab }).click()
    await expect(codeBox(page)).toHaveValue('')
  })
})
