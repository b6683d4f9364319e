import { expect, test } from '../fixtures'
import { enterForest, expectConnectWalletScreen, expectLoginScreen, toast } from '../screens'
import { holdRequests } from '../support/hold-requests'
import { texts } from '../texts'

// What the app says when our server cannot be reached, whatever the browser's own words.
const unreachable = 'The forest could not be reached. Check your connection and try again.'

test('a visitor goes from the loading screen through sign-in to the connect-wallet screen and leaves again', async ({
  page,
}) => {
  // Entering opens the wallet's dialog at once (wallet-connect.spec.ts); without the kit, the
  // connect-wallet screen says the wallet system is not there, and stays.
  await page.route('**/assets/kit-*.js', (route) => route.abort('internetdisconnected'))
  const sessionCheck = await holdRequests(page, 'GET', '**/api/session')
  await page.goto('/')
  await expect(page.getByRole('status')).toHaveText(texts.loading)

  sessionCheck.release()
  await expectLoginScreen(page)
  await expect(page.getByText(texts.loading)).toHaveCount(0)

  const signIn = await holdRequests(page, 'POST', '**/api/session')
  await page.getByRole('button', { name: texts.enterForest }).click()
  await expect(page.getByRole('button', { name: texts.entering })).toBeDisabled()

  signIn.release()
  await expectConnectWalletScreen(page)
  await expect(toast(page, texts.walletNotInitialized)).toBeVisible()
  // Signed in is not connected: the entrance's success waits for a wallet.
  await expect(toast(page, texts.signInSucceeded)).toHaveCount(0)

  await page.getByRole('button', { name: texts.leaveForest }).click()
  await expectLoginScreen(page)
})

test('a reload on the connect-wallet screen keeps the visitor signed in', async ({ page }) => {
  await enterForest(page)

  await page.reload()
  await expectConnectWalletScreen(page)
})

test('a reload after leaving the forest shows the login screen', async ({ page }) => {
  await enterForest(page)
  await page.getByRole('button', { name: texts.leaveForest }).click()
  await expectLoginScreen(page)

  await page.reload()
  await expectLoginScreen(page)
})

test('the session outlives a server restart', async ({ page, server }) => {
  await enterForest(page)

  await server.restart()
  await page.reload()
  await expectConnectWalletScreen(page)
})

test('a sign-in that fails on the network shows the failure and lets the visitor retry', async ({
  page,
}) => {
  await page.goto('/')
  await expectLoginScreen(page)
  await page.route('**/api/session', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
  )

  await page.getByRole('button', { name: texts.enterForest }).click()
  const failure = toast(page, texts.signInFailed(unreachable))
  await expect(failure).toBeVisible()
  await expect(failure).toHaveAttribute('data-type', 'error')
  await expectLoginScreen(page)

  await page.unroute('**/api/session')
  await page.getByRole('button', { name: texts.enterForest }).click()
  await expectConnectWalletScreen(page)
})

test('a session check that fails on the network shows the failure and the login screen', async ({
  page,
}) => {
  await page.route('**/api/session', (route) =>
    route.request().method() === 'GET' ? route.abort('internetdisconnected') : route.fallback(),
  )

  await page.goto('/')
  const failure = toast(page, texts.initFailed(unreachable))
  await expect(failure).toBeVisible()
  await expect(failure).toHaveAttribute('data-type', 'error')
  await expect(toast(page, texts.signInFailed(unreachable))).toHaveCount(0)
  await expectLoginScreen(page)
})

test('a sign-in the server refuses says why, and how long to wait', async ({ page }) => {
  await page.goto('/')
  await expectLoginScreen(page)
  // Exhausting the real rate limit would lock the worker's other tests out for a minute; this is
  // the answer the server's rate limit gives.
  await page.route('**/api/session', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 429,
          headers: { 'retry-after': '40' },
          json: {
            error: { code: 'RATE_LIMITED', message: 'Too many requests. Try again in 40 seconds.' },
          },
        })
      : route.fallback(),
  )

  await page.getByRole('button', { name: texts.enterForest }).click()
  await expect(
    toast(page, texts.signInFailed('Too many requests. Try again in 40 seconds.')),
  ).toBeVisible()
  await expectLoginScreen(page)
})
