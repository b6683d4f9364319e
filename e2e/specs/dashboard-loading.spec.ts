import { expect, test } from '../fixtures'
import { enterForest, expectLoginScreen, toast } from '../screens'
import { accounts, codeBox, demoCodes, enterDashboard, treasures } from '../support/dashboard'
import { holdRequests } from '../support/hold-requests'
import { dashboardTexts, texts } from '../texts'

const decoderWasm = '**/assets/zxing_reader-*.wasm'

test('the login screen neither waits for nor loads the QR decoder', async ({ page }) => {
  const wasmRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('.wasm')) wasmRequests.push(request.url())
  })
  await page.route(decoderWasm, () => {
    // Never answered: the login screen must not depend on it.
  })
  await page.goto('/')
  await expectLoginScreen(page)
  await page.waitForLoadState('networkidle')
  expect(wasmRequests).toEqual([])
})

test('a returning visitor sees the loading screen until the QR decoder is ready', async ({
  page,
}) => {
  await enterDashboard(page, accounts.payingCodes)
  const decoder = await holdRequests(page, 'GET', decoderWasm)
  await page.reload()
  await expect(page.getByRole('status')).toHaveText(texts.loading)
  await expect(page.getByText(dashboardTexts.waxAccount(accounts.payingCodes))).toHaveCount(0)

  decoder.release()
  await expect(page.getByText(dashboardTexts.waxAccount(accounts.payingCodes))).toBeVisible()
  await page.getByRole('tab', { name: dashboardTexts.scanQrTab }).click()
  await expect(page.getByRole('button', { name: dashboardTexts.startScanning })).toBeEnabled()
})

test('a decoder that does not arrive holds the loading screen for a few seconds at most', async ({
  page,
}) => {
  await enterDashboard(page, accounts.payingCodes)
  await page.route(decoderWasm, () => {
    // Never answered.
  })
  await page.reload()
  await expect(page.getByRole('status')).toHaveText(texts.loading)
  await expect(page.getByText(dashboardTexts.waxAccount(accounts.payingCodes))).toBeVisible({
    timeout: 6_000,
  })
  await page.getByRole('tab', { name: dashboardTexts.scanQrTab }).click()
  await expect(page.getByRole('button', { name: dashboardTexts.startScanning })).toBeDisabled()
})

test('without the QR decoder the dashboard says so and still takes typed codes', async ({
  page,
}) => {
  await page.route(decoderWasm, (route) => route.abort('connectionrefused'))
  await enterDashboard(page, accounts.payingCodes)

  // Coming to scan retries the load, which fails again.
  await page.getByRole('tab', { name: dashboardTexts.scanQrTab }).click()
  const failure = toast(page, dashboardTexts.scannerLoadFailed)
  await expect(failure.first()).toBeVisible()
  await expect(failure.first()).toHaveAttribute('data-type', 'error')
  await expect(page.getByRole('button', { name: dashboardTexts.startScanning })).toBeDisabled()
  await expect(page.getByRole('tabpanel')).toContainText(dashboardTexts.scannerLoadFailed)

  await page.getByRole('tab', { name: dashboardTexts.enterCodeTab }).click()
  await codeBox(page).fill(demoCodes.withoutDecoder)
  await codeBox(page).press('Enter')
  await expect(toast(page, dashboardTexts.codeSubmitted)).toBeVisible()
  await expect(treasures(page).getByText(demoCodes.withoutDecoder)).toBeVisible()
})

test('a dashboard that cannot be fetched says so, and Try Again brings it back', async ({
  page,
}) => {
  const dashboardChunk = /\/assets\/dashboard-[\w-]{8}\.js$/
  await enterDashboard(page, accounts.payingCodes)
  await page.route(dashboardChunk, (route) => route.abort('connectionrefused'))
  await page.reload()
  await expect(page.getByRole('heading', { name: 'The forest path is blocked' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText(
    'This part of the forest could not be loaded:',
  )

  await page.unroute(dashboardChunk)
  await page.getByRole('button', { name: 'Try Again' }).click()
  await expect(page.getByText(dashboardTexts.waxAccount(accounts.payingCodes))).toBeVisible()
})

test('a wallet whose lists are still coming shows their outline, never "No treasures collected yet."', async ({
  page,
}) => {
  await enterForest(page)
  const { user } = (await (await page.request.get('/api/session')).json()) as {
    user: { id: string; waxAccount: null }
  }
  // A live feed that binds the wallet and stops there: its lists' snapshot has not come yet
  // (on a busy server it takes a second or two). It asks not to be reopened meanwhile.
  const event = (type: string, id: number, data: unknown) =>
    `event: ${type}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`
  const noLists = { pending: [], olderPending: null, history: [], olderHistory: null, earned: [] }
  await page.route('**/api/live', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body:
        'retry: 600000\n\n' +
        event('snapshot', 1, { user, ...noLists }) +
        event('user', 2, { user: { ...user, waxAccount: accounts.payingCodes } }),
    }),
  )
  await page.reload()
  await expect(page.getByText(dashboardTexts.waxAccount(accounts.payingCodes))).toBeVisible()
  await expect(treasures(page).getByRole('status')).toHaveText(dashboardTexts.loadingTreasures)
  await expect(treasures(page).getByText(dashboardTexts.noTreasures)).toHaveCount(0)
})
