import { readFile } from 'node:fs/promises'
import { seedPrivateKey } from '@fernwood/devchain'
import { devices, type Page } from '@playwright/test'
import { toast } from '../screens'
import { seriousViolations } from '../support/axe'
import { bindWallet } from '../support/bind-wallet'
import {
  chooseNftToMint,
  newCampaignForm,
  openConsoleQuicklyAs,
  withOperator,
} from '../support/console'
import { codeBox, enterDashboard, treasures } from '../support/dashboard'
import { transferFern } from '../support/transfer-tokens'
import { dashboardTexts, texts } from '../texts'
import { expect, kitDialog, walletOption } from '../wallet-fixtures'

/** The console's texts the spec looks for, written out independently of the app's. */
const consoleTexts = {
  title: 'Fernwood console',
  signInIntro: 'For Fernwood’s operators: sign in, then connect an operator’s WAX wallet.',
  signIn: 'Sign in to the console',
  connectWallet: 'Connect WAX Wallet',
  backToSite: 'Back to Fernwood',
  operator: (account: string) => `Operator: ${account}`,
  refusedTitle: 'This console is for operators',
  signedInAs: (account: string) => `You are signed in with the wallet ${account}.`,
  notOperator: 'This wallet is not one of the operators’ accounts.',
  switchWallet: 'Sign out and use another wallet',
  confirmCloseTitle: (name: string) => `Close the campaign “${name}”?`,
  confirmCloseEffect: (slug: string) =>
    `New submissions of the codes of ${slug} will be rejected as ended; rewards already being paid still complete. You can reopen it before its end.`,
  confirmReopenTitle: (name: string) => `Reopen the campaign “${name}”?`,
  closed: (slug: string) =>
    `Closed campaign ${slug}: new submissions of its codes are rejected as ended.`,
  reopened: (slug: string) =>
    `Reopened campaign ${slug}: its codes are accepted again, within its window and cap.`,
  welcomeStaysOpen: 'Stays open: every first visit claims it.',
  created: (slug: string, reward: string) => `Created campaign ${slug} (unique, ${reward} each).`,
  generated: (count: number, slug: string) => `Generated ${count} codes for ${slug}.`,
  generationsTitle: 'Code generations',
  madeOf: (made: number, count: number) => `${made} of ${count}`,
  noClaims: (slug: string) => `No claims of ${slug} yet.`,
  claimedInTotal: (count: number) => `${count} claimed in total`,
  noFailedPayouts: 'No failed payouts.',
  retried: (code: string) => `${code} will be paid again by the next free worker.`,
  summaryTitle: 'At a glance',
  openCampaigns: 'Open campaigns',
  claimsLastHour: 'Claims in the last hour',
  steps: ['1. What it pays', '2. When and how many', '3. Who may claim'],
  advanced: 'Rules, limits and checks',
  newRow: 'new',
  rowActions: (slug: string) => `Actions for ${slug}`,
} as const

const OPERATOR = 'carol.wam'
const VISITOR = 'alice.wam'
// The payout account of this file's server: a devchain account holding no FERN at first, so the
// first payout is refused and parked until it is funded.
const PAYOUT_ACCOUNT = 'devcreator'

const test = withOperator(OPERATOR, {
  PAYOUT_ACCOUNT,
  PAYOUT_PRIVATE_KEY: seedPrivateKey(PAYOUT_ACCOUNT),
})

/** Opens /admin, signs in and connects `account` through the kit's Dev Wallet. */
async function openConsoleAs(page: Page, account: string): Promise<void> {
  await page.goto('/admin')
  await page.getByRole('button', { name: consoleTexts.signIn }).click()
  await page.getByRole('button', { name: consoleTexts.connectWallet }).click()
  const dialog = kitDialog(page)
  await walletOption(dialog, 'Dev Wallet').click()
  await dialog.getByRole('button', { name: `${account}@active` }).click()
}

/** Creates a campaign through the console's API, as its form would. */
async function createCampaign(page: Page, campaign: Record<string, unknown>): Promise<void> {
  const origin = new URL(page.url()).origin
  const response = await page.request.post('/api/admin/campaigns', {
    headers: { origin },
    data: campaign,
  })
  expect(response.status(), await response.text()).toBe(201)
}

async function campaignState(page: Page, slug: string): Promise<string> {
  const { campaigns } = (await (await page.request.get('/api/admin/campaigns')).json()) as {
    campaigns: Array<{ slug: string; state: string }>
  }
  return campaigns.find((campaign) => campaign.slug === slug)?.state ?? 'missing'
}

function campaignRow(page: Page, slug: string) {
  return page.locator(`tr[data-campaign="${slug}"]`)
}

test('an operator creates a unique campaign with 3 codes, downloads them, watches a claim arrive live, and pays a refused payout with Retry once the account is funded', async ({
  page,
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(120_000)
  const slug = 'lantern-cards'
  await openConsoleAs(page, OPERATOR)
  await expect(page.getByRole('heading', { level: 1, name: consoleTexts.title })).toBeVisible()
  await expect(page.getByText(consoleTexts.operator(OPERATOR))).toBeVisible()
  await page.evaluate(() => Object.assign(window, { sameConsoleDocument: true }))

  // The figures come first: read before this campaign and its claim move them.
  const summary = page.getByRole('region', { name: consoleTexts.summaryTitle })
  const figure = (label: string) =>
    summary
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]')
  await expect(figure(consoleTexts.openCampaigns)).toHaveText(/^\d+$/)
  const openBefore = Number(await figure(consoleTexts.openCampaigns).textContent())
  const lastHourBefore = Number(await figure(consoleTexts.claimsLastHour).textContent())

  // The form in steps, its rules folded until asked for.
  const form = page.getByRole('region', { name: 'New campaign' })
  for (const step of consoleTexts.steps)
    await expect(form.getByRole('group', { name: step })).toBeVisible()
  const advanced = form.getByText(consoleTexts.advanced)
  await expect(form.getByLabel('Group', { exact: true })).toBeHidden()
  await advanced.click()
  await expect(form.getByLabel('Group', { exact: true })).toBeVisible()
  await advanced.click()
  await expect(form.getByLabel('Group', { exact: true })).toBeHidden()

  // Create the campaign from the keyboard: each field by its label, the payment's radios by the
  // arrow keys, Enter submits.
  await form.getByLabel('Slug').fill(slug)
  await form.getByLabel('Name', { exact: true }).fill('Lantern cards')
  const tokenAmount = form.getByRole('radio', { name: 'A token amount' })
  await expect(tokenAmount).toBeChecked()
  await tokenAmount.press('ArrowDown')
  await expect(form.getByRole('radio', { name: 'A new NFT, minted from a template' })).toBeChecked()
  await expect(form.getByLabel('Reward')).toHaveCount(0)
  await page.keyboard.press('ArrowUp')
  await expect(tokenAmount).toBeChecked()
  await form.getByLabel('Reward').fill('2.5000 FERN')
  await form.getByLabel('Reward').press('Enter')
  await expect(
    page.getByRole('status').filter({ hasText: consoleTexts.created(slug, '2.5000 FERN') }),
  ).toBeVisible()
  // The new row stands out, marked new, and is brought into view.
  const row = campaignRow(page, slug)
  await expect(row).toHaveClass(/console__row--new/)
  await expect(row.getByRole('rowheader')).toContainText(consoleTexts.newRow)
  await expect(row).toBeInViewport()
  await expect(row.locator('[data-column="claimed"]')).toHaveText('0')
  await expect(figure(consoleTexts.openCampaigns)).toHaveText(String(openBefore + 1))

  await page.getByLabel('How many').fill('3')
  await page.getByRole('button', { name: 'Generate codes' }).click()
  // The server makes the codes as a job; the form follows it on the live overview to its end.
  const generated = page.locator('.console__downloads')
  await expect(generated.getByText(consoleTexts.generated(3, slug))).toBeVisible()
  await expect(row.locator('[data-column="remaining"]')).toHaveText('3')

  const csvDownload = page.waitForEvent('download')
  await generated.getByRole('link', { name: 'Download the CSV' }).click()
  const csvText = await readFile(await (await csvDownload).path(), 'utf8')
  const csv = csvText.trim().split('\n')
  expect(csv[0]).toMatch(/^code,campaign,reward/)
  expect(csv).toHaveLength(4)
  const [firstCode] = csv[1].split(',')
  expect(firstCode).toMatch(/^lantern-cards-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
  const sheetDownload = page.waitForEvent('download')
  await generated.getByRole('link', { name: 'Download the printable QR sheet' }).click()
  const sheet = await readFile(await (await sheetDownload).path(), 'utf8')
  for (const line of csv.slice(1)) expect(sheet).toContain(`<figcaption>${line.split(',')[0]}`)

  // Listed with who asked, its files there to fetch again, the same ones.
  const listed = page
    .getByRole('table', { name: consoleTexts.generationsTitle })
    .getByRole('row')
    .filter({ hasText: slug })
  await expect(listed).toContainText(consoleTexts.madeOf(3, 3))
  await expect(listed).toContainText(OPERATOR)
  const again = page.waitForEvent('download')
  await listed.getByRole('link', { name: new RegExp(`^CSV of ${slug}, started `) }).click()
  expect(await readFile(await (await again).path(), 'utf8')).toBe(csvText)

  const chart = page.getByRole('region', { name: 'Claims over time' })
  await expect(chart.getByRole('combobox')).toHaveValue(slug)
  await expect(chart.getByText(consoleTexts.noClaims(slug))).toBeVisible()

  // A visitor, in a browser of their own, submits the first code.
  const visitorContext = await browser.newContext({ baseURL })
  try {
    const visitor = await visitorContext.newPage()
    await enterDashboard(visitor, VISITOR)
    await codeBox(visitor).fill(firstCode)
    await visitor.getByRole('button', { name: dashboardTexts.submitCode }).click()
    await expect(toast(visitor, dashboardTexts.codeSubmitted)).toBeVisible()

    // The operator's count and chart move without a reload.
    await expect(row.locator('[data-column="claimed"]')).toHaveText('1', { timeout: 15_000 })
    await expect(row.locator('[data-column="remaining"]')).toHaveText('2')
    await expect(chart.getByText(consoleTexts.claimedInTotal(1))).toBeVisible()
    await expect(chart.locator('.ct-line')).toHaveCount(1)
    await expect(figure(consoleTexts.claimsLastHour)).toHaveText(String(lastHourBefore + 1))
    // The time axis reads: whole minutes, each label its own.
    const timeLabels = await chart.locator('.ct-label.ct-horizontal').allTextContents()
    expect(timeLabels.length).toBeGreaterThan(1)
    for (const label of timeLabels) expect(label).toMatch(/^\d{1,2}:\d\d( [AP]M)?$/)
    expect(new Set(timeLabels).size).toBe(timeLabels.length)

    // Every part of the console on screen, a table row each: nothing serious for axe-core.
    expect(await seriousViolations(page, 'main')).toEqual([])

    // The payout account holds no FERN: the chain refuses the payout, which waits for Retry.
    const failed = page.getByRole('table', { name: 'Failed payouts' })
    const refused = failed.getByRole('row').filter({ hasText: firstCode })
    await expect(refused).toContainText('no balance object found', { timeout: 20_000 })
    await expect(refused).toContainText(VISITOR)

    await transferFern(server.url, PAYOUT_ACCOUNT, '100.0000 FERN')
    await refused.getByRole('button', { name: `Retry ${firstCode} for ${VISITOR}` }).click()
    await expect(
      page.getByRole('status').filter({ hasText: consoleTexts.retried(firstCode) }),
    ).toBeVisible()
    await expect(page.getByText(consoleTexts.noFailedPayouts)).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText(`${PAYOUT_ACCOUNT} holds 97.5000 FERN.`)).toBeVisible({
      timeout: 20_000,
    })
    await expect(treasures(visitor).getByText(firstCode)).toBeVisible({ timeout: 20_000 })
  } finally {
    await visitorContext.close()
  }
  expect(await page.evaluate(() => 'sameConsoleDocument' in window)).toBe(true)
})

test('the /admin login says it is the console, with a way back to Fernwood', async ({ page }) => {
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: consoleTexts.title })).toBeVisible()
  await expect(page.getByText(consoleTexts.signInIntro)).toBeVisible()
  // Keyboard and screen-reader users start on its heading, as on every screen.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  await expect(page.getByRole('button', { name: texts.enterForest })).toHaveCount(0)
  await expect(page.getByRole('link', { name: consoleTexts.backToSite })).toHaveAttribute(
    'href',
    '/',
  )
  expect(await seriousViolations(page, 'main')).toEqual([])

  await page.getByRole('button', { name: consoleTexts.signIn }).click()
  await expect(page.getByRole('button', { name: consoleTexts.connectWallet })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: consoleTexts.title })).toBeVisible()
})

test('a wallet not listed in ADMIN_ACCOUNTS is told plainly who is signed in, and is shown the ways out', async ({
  page,
}) => {
  await page.goto('/admin')
  await page.getByRole('button', { name: consoleTexts.signIn }).click()
  // Signed in (the session cookie set) before the wallet is bound with it.
  await expect(page.getByRole('button', { name: consoleTexts.connectWallet })).toBeVisible()
  await bindWallet(page, 'bob.wam')
  await expect(
    page.getByRole('heading', { level: 1, name: consoleTexts.refusedTitle }),
  ).toBeVisible()
  await expect(page.getByText(consoleTexts.signedInAs('bob.wam'))).toBeVisible()
  await expect(page.getByRole('alert')).toHaveText(consoleTexts.notOperator)
  // No setting's name, and nothing that calls this wallet an operator.
  await expect(page.locator('body')).not.toContainText('ADMIN_ACCOUNTS')
  await expect(page.locator('body')).not.toContainText(consoleTexts.operator('bob.wam'))
  await expect(page.getByRole('heading', { name: 'Campaigns' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Payouts' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: consoleTexts.backToSite })).toHaveAttribute(
    'href',
    '/',
  )
  expect(await seriousViolations(page, 'main')).toEqual([])

  // Another wallet: signed out, the console's sign-in again.
  await page.getByRole('button', { name: consoleTexts.switchWallet }).click()
  await expect(page.getByRole('button', { name: consoleTexts.signIn })).toBeVisible()
})

test('Close asks first naming the campaign and its effect; Cancel and Escape leave it open, Confirm closes it, Reopen brings it back', async ({
  page,
}) => {
  await openConsoleQuicklyAs(page, OPERATOR)
  await expect(page.getByRole('heading', { level: 1, name: consoleTexts.title })).toBeVisible()
  const slug = 'moss-walk'
  await createCampaign(page, {
    slug,
    name: 'Moss walk',
    kind: 'shared',
    reward: '1.0000 FERN',
    code: 'moss-walk-code',
    cap: 50,
  })
  const row = campaignRow(page, slug)
  await expect(row.locator('[data-column="state"]')).toHaveText('open')
  await expect(row.locator('[data-column="remaining"]')).toHaveText('50')
  const close = row.getByRole('button', { name: `Close ${slug}` })

  // Cancel: the dialog names the campaign and what closing does; nothing changes.
  await close.click()
  const dialog = page.getByRole('alertdialog', {
    name: consoleTexts.confirmCloseTitle('Moss walk'),
  })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(consoleTexts.confirmCloseEffect(slug))
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  expect(await seriousViolations(page, 'dialog')).toEqual([])
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(close).toBeFocused()
  expect(await campaignState(page, slug)).toBe('open')

  // Escape cancels as well, and gives focus back.
  await close.press('Enter')
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(close).toBeFocused()
  await expect(row.locator('[data-column="state"]')).toHaveText('open')
  expect(await campaignState(page, slug)).toBe('open')

  // Confirm closes it: a figure that no longer applies shows as a dash.
  await close.click()
  await dialog.getByRole('button', { name: 'Close campaign' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(
    page.getByRole('status').filter({ hasText: consoleTexts.closed(slug) }),
  ).toBeVisible()
  await expect(row.locator('[data-column="state"]')).toHaveText('closed')
  await expect(row.locator('[data-column="remaining"]')).toHaveText('—does not apply: closed')
  expect(await campaignState(page, slug)).toBe('closed')
  // By day as well as by night, the board and its open and closed badges read: axe checks contrast.
  await page.emulateMedia({ colorScheme: 'light' })
  expect(await seriousViolations(page, 'main')).toEqual([])
  await page.emulateMedia({ colorScheme: 'dark' })

  // The same button now reopens it, once confirmed.
  const reopen = row.getByRole('button', { name: `Reopen ${slug}` })
  await expect(reopen).toBeFocused()
  await reopen.click()
  const reopenDialog = page.getByRole('alertdialog', {
    name: consoleTexts.confirmReopenTitle('Moss walk'),
  })
  await reopenDialog.getByRole('button', { name: 'Reopen campaign' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: consoleTexts.reopened(slug) }),
  ).toBeVisible()
  await expect(row.locator('[data-column="state"]')).toHaveText('open')
  expect(await campaignState(page, slug)).toBe('open')

  // The welcome campaign offers no Close, and says why.
  const welcome = campaignRow(page, 'welcome')
  await expect(welcome.getByRole('button', { name: /^Close / })).toHaveCount(0)
  await expect(welcome).toContainText(consoleTexts.welcomeStaysOpen)
})

test('Edit starts from the rules as they stand, refuses a bad one beside its field, and changes them', async ({
  page,
}) => {
  await openConsoleQuicklyAs(page, OPERATOR)
  const slug = 'fern-hollow'
  await createCampaign(page, {
    slug,
    name: 'Fern hollow',
    kind: 'shared',
    reward: '1.0000 FERN',
    code: 'fern-hollow-code',
    minBalance: '10.0000 FERN@fern.token',
    group: 'hollow-walks',
    perWallet: '2/day',
  })
  const dialog = page.getByRole('dialog', { name: 'Edit the campaign “Fern hollow”' })
  const field = (label: string) => dialog.getByLabel(label, { exact: true })
  await campaignRow(page, slug)
    .getByRole('button', { name: `Edit ${slug}` })
    .click()
  await expect(field('Minimum balance')).toHaveValue('10.0000 FERN@fern.token')
  await expect(field('NFT to hold')).toHaveCount(0)
  await expect(field('Group')).toHaveValue('hollow-walks')
  await expect(field('Claims per wallet')).toHaveValue('2/day')

  // The rules' builder: a second condition, of NFTs held, written wrong first.
  await dialog.getByRole('button', { name: 'Add a condition' }).click()
  const second = dialog.getByRole('group', { name: 'Condition 2' })
  await second.getByLabel('Kind', { exact: true }).selectOption('holds_nft')
  await second.getByLabel('NFT to hold', { exact: true }).fill('Fern Woods')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(field('NFT to hold')).toHaveAccessibleDescription(
    /^The NFT must be a collection name, optionally with :template id/,
  )
  await expect(field('NFT to hold')).toBeFocused()

  await field('NFT to hold').fill('fernwoodnfts:1')
  await dialog.getByRole('button', { name: 'Remove condition 1' }).click()
  await field('Claims per wallet').fill('1/week')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(dialog).toHaveCount(0)
  await campaignRow(page, slug)
    .getByRole('button', { name: `Edit ${slug}` })
    .click()
  await expect(field('Minimum balance')).toHaveCount(0)
  await expect(field('NFT to hold')).toHaveValue('fernwoodnfts:1')
  await expect(field('A claim must meet')).toHaveValue('all')
  await expect(field('Claims per wallet')).toHaveValue('1/week')
})

test.describe('the new campaign form', () => {
  test.use({ timezoneId: 'Europe/Berlin' })

  test('shows every mistake beside its field at once, a refusal of the server beside its field, and sends times in the zone it names', async ({
    page,
  }) => {
    const form = await newCampaignForm(page, OPERATOR)
    await form.getByLabel('Cap').fill('many')
    await form.getByRole('button', { name: 'Create campaign' }).click()

    const slug = form.getByLabel('Slug')
    await expect(slug).toBeFocused()
    for (const [label, message] of [
      ['Slug', 'The slug must be 1 to 64 lowercase letters, digits or hyphens.'],
      ['Name', 'The name must be 1 to 120 characters.'],
      ['Reward', 'The reward must be an amount and a token, e.g. "10.0000 FERN".'],
      ['Cap', 'The cap must be a whole number of at least 1.'],
    ] as const) {
      const field = form.getByLabel(label, { exact: true })
      await expect(field, label).toHaveAttribute('aria-invalid', 'true')
      await expect(field, label).toHaveAccessibleDescription(new RegExp(`^${literally(message)}`))
    }
    await expect(form.getByLabel('Token contract')).not.toHaveAttribute('aria-invalid', 'true')
    expect(await seriousViolations(page, 'main')).toEqual([])

    // Fixed, each field's mistake goes; the server's refusal lands beside its own field.
    await slug.fill('welcome')
    await expect(slug).not.toHaveAttribute('aria-invalid', 'true')
    await form.getByLabel('Name', { exact: true }).fill('Spring')
    await form.getByLabel('Reward').fill('1.0000 FERN')
    await form.getByLabel('Cap').fill('')
    await expect(form.getByLabel('Starts')).toHaveAccessibleDescription(
      /in your time zone, Europe\/Berlin \(GMT\+0?1:00\)/,
    )
    await form.getByLabel('Starts').fill('2030-01-02T09:00')
    await form.getByRole('button', { name: 'Create campaign' }).click()
    await expect(slug).toHaveAttribute('aria-invalid', 'true')
    await expect(slug).toHaveAccessibleDescription(/^There is already a campaign with this slug\./)
    await expect(slug).toBeFocused()

    await slug.fill('spring-walk')
    await form.getByRole('button', { name: 'Create campaign' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Created campaign spring-walk' }),
    ).toBeVisible()
    const { campaigns } = (await (await page.request.get('/api/admin/campaigns')).json()) as {
      campaigns: Array<{ slug: string; startsAt: string | null }>
    }
    // 09:00 in Berlin in winter is 08:00 UTC.
    expect(campaigns.find((campaign) => campaign.slug === 'spring-walk')?.startsAt).toBe(
      '2030-01-02T08:00:00.000Z',
    )
  })

  test('previews the NFT a campaign would mint as the chain has it, or says it has no such template', async ({
    page,
  }) => {
    const form = await newCampaignForm(page, OPERATOR)
    await chooseNftToMint(form, 'fernwoodnfts:3')
    const preview = form.getByRole('status').filter({ hasText: 'Ancient Relic' })
    await expect(preview).toContainText(/\d+ minted/)
    await expect(preview.getByRole('img', { name: 'Ancient Relic, the NFT' })).toBeVisible()
    await chooseNftToMint(form, 'fernwoodnfts:999')
    await expect(
      form.getByRole('status').filter({ hasText: 'The collection has no such template on chain.' }),
    ).toBeVisible()
    await expect(preview).toBeHidden()
  })
})

// Each device its own campaign: the suite's server outlives a test, and slugs are unique.
for (const [name, device, slug] of [
  ['an iPad', devices['iPad (gen 7)'], 'lantern-walk-ipad'],
  ['a Pixel 7', devices['Pixel 7'], 'lantern-walk-pixel'],
] as const) {
  test.describe(`on ${name}`, () => {
    const { defaultBrowserType: _browser, ...viewport } = device
    test.use(viewport)

    test('the page is no wider than the screen: a wide table scrolls inside its own panel, a row’s actions behind one menu button', async ({
      page,
    }) => {
      await openConsoleQuicklyAs(page, OPERATOR)
      await createCampaign(page, {
        slug,
        name: 'Lantern walk',
        kind: 'unique',
        reward: '2.5000 FERN',
        startsAt: '2026-01-01T09:00:00Z',
        endsAt: '2099-01-01T09:00:00Z',
        cap: 100,
      })
      await expect(campaignRow(page, slug)).toBeVisible()
      // A phone's browser widens its layout to content wider than the screen: both must stay put.
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        layout: window.innerWidth,
      }))
      expect(widths).toEqual({ page: device.viewport.width, layout: device.viewport.width })
      expect(await seriousViolations(page, 'main')).toEqual([])

      // A row's actions sit behind one button; its menu opens on it, Escape closes it.
      const row = campaignRow(page, slug)
      const menuButton = row.getByRole('button', { name: consoleTexts.rowActions(slug) })
      const close = row.getByRole('button', { name: `Close ${slug}` })
      await expect(close).toBeHidden()
      await menuButton.press('Enter')
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
      const chartAction = row.getByRole('button', { name: `Chart of ${slug}` })
      await expect(chartAction).toBeFocused()
      await expect(close).toBeVisible()
      expect(await seriousViolations(page, 'main')).toEqual([])
      await page.keyboard.press('Escape')
      await expect(close).toBeHidden()
      await expect(menuButton).toBeFocused()
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false')

      // At the screen's bottom edge, as on a shorter screen, its menu opens above it, all shown.
      await page.setViewportSize({ width: device.viewport.width, height: 600 })
      await menuButton.evaluate((button) => button.scrollIntoView({ block: 'end' }))
      const roomBelow = await menuButton.evaluate(
        (button) => window.innerHeight - button.getBoundingClientRect().bottom,
      )
      expect(roomBelow).toBeLessThan(48)
      await menuButton.click()
      await expect(chartAction).toBeInViewport({ ratio: 1 })
      await expect(close).toBeInViewport({ ratio: 1 })
      // The page scrolled under the open menu, it stays with its button, just above it.
      const buttonTop = () => menuButton.evaluate((button) => button.getBoundingClientRect().top)
      const topBefore = await buttonTop()
      await page.mouse.wheel(0, 150)
      await expect.poll(buttonTop).toBeLessThan(topBefore - 100)
      await expect
        .poll(() =>
          menuButton.evaluate((button) => {
            const menu = document.getElementById(button.getAttribute('popovertarget') ?? '')
            const gap =
              button.getBoundingClientRect().top - (menu?.getBoundingClientRect().bottom ?? 0)
            return Math.round(gap)
          }),
        )
        .toBe(4)
      await expect(close).toBeInViewport({ ratio: 1 })
      await page.keyboard.press('Escape')
      await page.setViewportSize(device.viewport)

      // An action chosen closes the menu; its dialog gives focus back to the menu's button.
      await menuButton.click()
      await close.click()
      const dialog = page.getByRole('alertdialog', {
        name: consoleTexts.confirmCloseTitle('Lantern walk'),
      })
      await expect(dialog).toBeVisible()
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await expect(dialog).toHaveCount(0)
      await expect(close).toBeHidden()
      await expect(menuButton).toBeFocused()
    })
  })
}

test('a budget given at creation is weighed against the payout balance: the console warns when open budgets exceed it', async ({
  page,
}) => {
  const budgetTexts = {
    invalid:
      'The budget must be an amount of the reward’s token, e.g. "2500.0000 FERN", or a number of rewards of at least 1.',
    reserved: (amount: string) => `Open campaigns’ budgets still to pay: ${amount}.`,
    exceeds:
      'The open budgets exceed the payout account’s balance: top it up before they are spent, or payouts will fail.',
  }
  await openConsoleQuicklyAs(page, OPERATOR)
  const payouts = page.getByRole('region', { name: 'Payouts' })
  const reserved = payouts.getByText(/^Open campaigns’ budgets still to pay: /)
  // Other tests of this file may have left budgets; this one adds its own to what is shown.
  const before = Number(
    ((await reserved.textContent()) ?? '').replace(/[^0-9.]/g, '').replace(/\.$/, ''),
  )

  const form = page.getByRole('region', { name: 'New campaign' })
  await form.getByLabel('Slug').fill('lantern-budget')
  await form.getByLabel('Name', { exact: true }).fill('Lantern budget')
  await form.getByLabel('Reward').fill('2.0000 FERN')
  const budget = form.getByLabel('Budget')
  await budget.fill('plenty')
  await form.getByRole('button', { name: 'Create campaign' }).click()
  await expect(budget).toHaveAttribute('aria-invalid', 'true')
  await expect(form).toContainText(budgetTexts.invalid)

  await budget.fill('2000.0000 FERN')
  await form.getByRole('button', { name: 'Create campaign' }).click()
  // devcreator holds 100 FERN at the most (the first test funds it): less than this budget.
  await expect(reserved).toHaveText(
    budgetTexts.reserved(
      `${(before + 2000).toLocaleString('en', { minimumFractionDigits: 4 })} FERN`,
    ),
  )
  await expect(payouts.getByRole('alert')).toHaveText(budgetTexts.exceeds)
})

test('the console speaks the page’s language: a Korean browser is refused in Korean', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'ko-KR' })
  try {
    const page = await context.newPage()
    await page.goto('/admin')
    const origin = new URL(page.url()).origin
    expect((await page.request.post('/api/session', { headers: { origin }, data: {} })).ok()).toBe(
      true,
    )
    await bindWallet(page, 'bob.wam')
    await page.reload()
    await expect(
      page.getByRole('heading', { level: 1, name: '이 콘솔은 운영자 전용입니다' }),
    ).toBeVisible()
    await expect(
      page.getByRole('alert').filter({ hasText: '이 지갑은 운영자 계정이 아닙니다.' }),
    ).toBeVisible()
  } finally {
    await context.close()
  }
})

/** `text` as a regular expression that matches it literally. */
function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
