import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expectConnectWalletScreen, toast } from '../screens'
import { seriousViolations } from '../support/axe'
import type { DevAccount } from '../support/bind-wallet'
import { type FakeCamera, type FakeCameraFile, fakeCamera } from '../support/camera'
import { accounts, codeBox, submitButton, treasures } from '../support/dashboard'
import { writeQrPng } from '../support/qr-media'
import { dashboardTexts, texts } from '../texts'
import { expect, kitDialog, walletOption, test as walletTest } from '../wallet-fixtures'

/** This feature's texts, written out independently of the app's. */
const claimTexts = {
  linkInvalid: 'This link holds no valid Forest Code.',
  otherSite: (host: string) => `This QR code leads to ${host}, not to Fernwood. It was not used.`,
  claim: (reward: string) => `Claim ${reward}`,
  claimed: 'Reward claimed!',
  paid: (account: string) => `Paid to ${account}.`,
  share: 'Share',
  copied: 'Link copied to the clipboard.',
  toDashboard: 'Go to my dashboard',
  lockedOut: (wait: string) =>
    `Too many unknown codes were tried from this network, so this link’s reward cannot be shown or claimed. Try again in ${wait}.`,
  unread: 'This link’s reward could not be read just now. Check your connection, then try again.',
  tryAgain: 'Try again',
  close: 'Close',
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

/** 'Enter the Forest', whose wallet dialog opens by itself, and the Dev Wallet's alice.wam. */
async function enterDashboardAs(page: Page, account: DevAccount): Promise<void> {
  await page.getByRole('button', { name: texts.enterForest }).click()
  const dialog = kitDialog(page)
  await walletOption(dialog, 'Dev Wallet').click()
  await dialog.getByRole('button', { name: `${account}@active` }).click()
  await expect(page.getByText(dashboardTexts.waxAccount(account))).toBeVisible()
}

const enterDashboardAsAlice = (page: Page) => enterDashboardAs(page, accounts.payingCodes)

function paid(page: Page, code: string) {
  return treasures(page).getByRole('listitem').filter({ hasText: code })
}

test("a claim link's one button names its reward and claims it through the wallet's dialog with no other tap; the success moment follows it to paid, and shares", async ({
  page,
  baseURL,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const submissions = countSubmissions(page)
  await page.goto('/c/Moon-Cap')
  const reward = page.getByRole('region', { name: texts.claimWaiting })
  await expect(reward).toContainText('25 FERN')
  await expect(reward).toContainText('Forest demo')
  const claim = page.getByRole('button', { name: claimTexts.claim('25 FERN') })
  // Reward first: above the button that claims it, the only one on the page.
  expect((await reward.boundingBox())?.y).toBeLessThan((await claim.boundingBox())?.y ?? 0)
  await expect(page.getByRole('button')).toHaveCount(1)

  // Entering, the wallet's dialog and the claim follow one press.
  await claim.click()
  const dialog = kitDialog(page)
  await walletOption(dialog, 'Dev Wallet').click()
  await dialog.getByRole('button', { name: `${accounts.payingCodes}@active` }).click()

  const moment = page.getByRole('dialog', { name: claimTexts.claimed })
  await expect(moment).toBeVisible({ timeout: 15_000 })
  await expect(moment.getByRole('heading', { name: claimTexts.claimed })).toBeFocused()
  await expect(moment).toContainText('25 FERN')
  await expect(moment).toContainText('Forest demo')
  // Its status is announced as the live feed moves it, up to paid with its transaction.
  await expect(moment.getByRole('status')).toHaveText(claimTexts.paid(accounts.payingCodes), {
    timeout: 15_000,
  })
  await expect(
    moment.getByRole('link', { name: /^[0-9a-f]{64} \(opens in a new tab\)$/ }),
  ).toBeVisible()
  expect(submissions()).toBe(1)
  expect(await seriousViolations(page)).toEqual([])
  // By day too: its colours are the theme's roles, and axe checks their contrast.
  await page.emulateMedia({ colorScheme: 'light' })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'dark' })

  // Share: this browser has no share sheet, so the words and the site's address are copied.
  await moment.getByRole('button', { name: claimTexts.share }).click()
  await expect(moment.getByText(claimTexts.copied)).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `I claimed 25 FERN in the Fernwood Forest! ${baseURL}`,
  )

  // Dismissed, the dashboard: the reward in Treasures, the claim over, the address the site's.
  await page.keyboard.press('Escape')
  await expect(moment).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  await expect(paid(page, 'moon-cap')).toBeVisible()
  await expect(page.getByRole('region', { name: dashboardTexts.claimWaiting })).toHaveCount(0)
  await expect(page).toHaveURL(`${baseURL}/`)
  await page.reload()
  await expect(paid(page, 'moon-cap')).toBeVisible()
  await expect(page.getByRole('region', { name: dashboardTexts.claimWaiting })).toHaveCount(0)
  expect(submissions()).toBe(1)
})

test("closing the wallet's dialog leaves the connect screen with the claim waiting, which 'Connect WAX Wallet' then claims: an NFT, shown large", async ({
  page,
}) => {
  await page.goto('/c/ancient-relic')
  await page.getByRole('button', { name: claimTexts.claim('Ancient Relic') }).click()
  const dialog = kitDialog(page)
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expectConnectWalletScreen(page)
  await expect(page.getByText(texts.connectToClaim)).toBeVisible()
  await expect(page.getByRole('region', { name: texts.claimWaiting })).toContainText(
    'Forest relics',
  )

  await page.getByRole('button', { name: texts.connectWallet }).click()
  await walletOption(dialog, 'Dev Wallet').click()
  await dialog.getByRole('button', { name: `${accounts.payingCodes}@active` }).click()
  const moment = page.getByRole('dialog', { name: claimTexts.claimed })
  // A shared code: the human check may run first, the claim goes once it is done.
  await expect(moment).toBeVisible({ timeout: 15_000 })
  await expect(moment.getByRole('img', { name: 'Ancient Relic, the NFT' })).toBeVisible()
  await expect(moment).toContainText('Forest relics')
  await expect(moment.getByRole('status')).toHaveText(claimTexts.paid(accounts.payingCodes), {
    timeout: 20_000,
  })
  await moment.getByRole('button', { name: claimTexts.toDashboard }).click()
  await expect(moment).toHaveCount(0)
  await expect(paid(page, 'ancient-relic')).toBeVisible()
  // The dashboard it leaves for is in use again, not inert behind a dialog.
  await codeBox(page).fill('after-the-moment')
  await expect(codeBox(page)).toHaveValue('after-the-moment')
})

test('leaving the forest forgets a claim link still waiting: the next visitor on the tab is offered nothing', async ({
  page,
}) => {
  await page.goto('/c/dew-drop')
  await page.getByRole('button', { name: claimTexts.claim('25 FERN') }).click()
  const dialog = kitDialog(page)
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: texts.leaveForest }).click()
  await expect(page.getByRole('button', { name: texts.enterForest })).toBeVisible()
  await expect(page.getByRole('region', { name: texts.claimWaiting })).toHaveCount(0)

  await enterDashboardAs(page, accounts.rejectedCodes)
  await expect(page.getByRole('region', { name: dashboardTexts.claimWaiting })).toHaveCount(0)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(codeBox(page)).toHaveValue('')
})

test('a claim link whose reward cannot be read offers nothing and says why, a lockout for how long; read again, it shows its end and what is left', async ({
  page,
}) => {
  let answer: 'locked out' | 'offline' | 'with a cap' = 'locked out'
  await page.route('**/api/claims/willow-wisp', async (route) => {
    if (answer === 'offline') return route.abort('internetdisconnected')
    if (answer === 'locked out') {
      return route.fulfill({
        status: 429,
        headers: { 'retry-after': '239' },
        json: {
          error: {
            code: 'CODE_LOCKED_OUT',
            message: 'Too many invalid codes. Try again in 4 minutes.',
          },
        },
      })
    }
    const preview = await (await route.fetch()).json()
    return route.fulfill({
      json: { ...preview, endsAt: '2030-06-30T12:00:00.000Z', remaining: 7 },
    })
  })
  await page.goto('/c/willow-wisp')
  await expect(page.getByRole('status')).toHaveText(claimTexts.lockedOut('4 minutes'))
  await expect(page.getByRole('region', { name: texts.claimWaiting })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Claim/ })).toHaveCount(0)
  await expect(page.getByRole('button', { name: texts.enterForest })).toBeVisible()

  answer = 'offline'
  await page.getByRole('button', { name: claimTexts.tryAgain }).click()
  await expect(page.getByRole('status')).toHaveText(claimTexts.unread)
  await expect(page.getByRole('button', { name: /^Claim/ })).toHaveCount(0)

  answer = 'with a cap'
  await page.getByRole('button', { name: claimTexts.tryAgain }).click()
  await expect(page.getByRole('region', { name: texts.claimWaiting })).toContainText(
    /Claim by Jun 30, 2030, .+ · 7 left/,
  )
  await expect(page.getByRole('button', { name: claimTexts.claim('25 FERN') })).toBeVisible()
})

test("a claim refused on the dashboard is said under its button as a typed code's is, a lockout with how long; refused for good, 'Close' takes focus, described by why", async ({
  page,
}) => {
  const lockedOut = 'Too many invalid codes. Try again in 4 minutes.'
  let answer: 'locked out' | 'duplicate' = 'locked out'
  await page.route('**/api/codes', (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    return route.fulfill(
      answer === 'locked out'
        ? {
            status: 429,
            headers: { 'retry-after': '239' },
            json: { error: { code: 'CODE_LOCKED_OUT', message: lockedOut } },
          }
        : {
            status: 409,
            json: { error: { code: 'CODE_DUPLICATE', message: dashboardTexts.codeDuplicate } },
          },
    )
  })
  // Already connected when the link is opened: the dashboard offers its claim.
  await page.goto('/')
  await enterDashboardAsAlice(page)
  await page.goto('/c/willow-wisp')
  const offer = page.getByRole('region', { name: dashboardTexts.claimWaiting })
  const claim = offer.getByRole('button', { name: claimTexts.claim('25 FERN') })
  const refusal = offer.getByRole('alert')
  await expect(refusal).toHaveText('')
  await claim.click()

  await expect(refusal).toHaveText(lockedOut)
  await expect(claim).toHaveAccessibleDescription(lockedOut)
  // The words sit right under the button that sent the claim, not in a corner.
  const button = await claim.boundingBox()
  const words = await refusal.boundingBox()
  expect(
    button &&
      words &&
      words.y >= button.y + button.height &&
      words.y - (button.y + button.height) < 40,
  ).toBe(true)

  answer = 'duplicate'
  await claim.click()
  await expect(refusal).toHaveText(dashboardTexts.codeDuplicate)
  await expect(claim).toHaveCount(0)
  const close = offer.getByRole('button', { name: claimTexts.close })
  await expect(close).toBeFocused()
  await expect(close).toHaveAccessibleDescription(dashboardTexts.codeDuplicate)
  // The offer and its refusal read by day as by night.
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await seriousViolations(page, '.panel--claim')).toEqual([])
  }
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
