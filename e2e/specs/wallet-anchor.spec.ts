import { type LinkEvent, listenOnLinkChannel } from '@fernwood/devanchor'
import type { WalletBindingRequest } from '@fernwood/protocol'
import type { WebSocketRoute } from '@playwright/test'
import { expectConnectWalletScreen, expectLoginScreen, toast } from '../screens'
import {
  anchorTexts,
  chooseAnchor,
  copiedRequest,
  expect,
  logInWithAnchor,
  openAgain,
  test,
  transferFromPage,
} from '../support/anchor'
import { codeBox, treasures } from '../support/dashboard'
import { dashboardTexts, texts, walletTexts } from '../texts'
import { expectFailedLogin, storedKitSessions } from '../wallet-fixtures'

// Anchor (@wharfkit/wallet-plugin-anchor 1.6.1) in Chromium, through the server's own buoy relay,
// answered by the Dev Anchor playing the phone with the request the kit's QR code shows.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

test("choosing Anchor shows the kit's prompt: the request's QR code, Expand and 'Copy to clipboard'", async ({
  page,
}) => {
  // The page's timers run on Playwright's clock, so the check mark's 1.2 s are counted exactly.
  await page.clock.install()
  const dialog = await chooseAnchor(page)
  await expect(dialog.getByText(anchorTexts.loginBody)).toBeVisible()
  await expect(dialog.getByRole('link', { name: anchorTexts.launch })).toHaveAttribute(
    'href',
    /^esr:/,
  )
  const qrCode = dialog.locator('.main.qr svg')
  await expect(qrCode).toBeVisible()

  await expect(dialog.getByRole('button', { name: 'Expand QR code' })).toBeVisible()

  await page.clock.pauseAt(Date.now() + 60_000)
  await copiedRequest(dialog)
  const checkMark = dialog.locator('button.copy .check')
  await expect(checkMark).toBeVisible()
  await page.clock.runFor(1_199)
  await expect(checkMark).toBeVisible()
  await page.clock.runFor(1 + 200)
  await expect(checkMark).toBeHidden()
})

test('the Dev Anchor approves: the server verifies the proof, binds alice.wam, and a code is paid', async ({
  page,
  devAnchor,
}) => {
  const dialog = await chooseAnchor(page)
  const binding = page.waitForRequest('**/api/wallet')
  const link = await copiedRequest(dialog)
  expect(await devAnchor.inspect(link)).toMatchObject({ kind: 'identity', appName: 'fernwood' })

  await devAnchor.approve(link, { account: 'alice.wam' })

  await expect(toast(page, walletTexts.connected('alice.wam'))).toBeVisible()
  await expect(page.getByText(walletTexts.waxAccount('alice.wam'))).toBeVisible()
  await expect(dialog).toBeHidden()
  // Anchor's identity proof went to the server, which binds nothing unproven (the default).
  const sent = (await binding).postDataJSON() as WalletBindingRequest
  expect(sent).toMatchObject({ actor: 'alice.wam', permission: 'active' })
  expect(sent.proof?.type).toBe('identity')

  const tab = await openAgain(page)
  await expect(tab.getByText(dashboardTexts.waxAccount('alice.wam'))).toBeVisible()
  await codeBox(tab).fill('mossy-oak')
  await codeBox(tab).press('Enter')
  const entry = treasures(tab).getByRole('listitem').filter({ hasText: 'mossy-oak' })
  await expect(entry).toContainText('+25.0000 FERN')
})

test('a reload restores the Anchor session, and Logout logs the kit out', async ({
  page,
  devAnchor,
}) => {
  await logInWithAnchor(page, devAnchor, 'alice.wam')

  await page.reload()
  await expect(page.getByText(walletTexts.waxAccount('alice.wam'))).toBeVisible()
  const restored = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('wharf-web.renderer-session') ?? '{}'),
  )
  expect(restored).toMatchObject({ actor: 'alice.wam', walletPlugin: { id: 'anchor' } })

  const tab = await openAgain(page)
  await tab.getByRole('button', { name: walletTexts.logout }).click()
  await expectLoginScreen(tab)
  expect(await storedKitSessions(tab)).toEqual([])
})

test("'Leave Forest' logs the Anchor session out of the kit", async ({ page, devAnchor }) => {
  const dialog = await chooseAnchor(page)
  // The visitor logs in with Anchor but leaves before the server has bound the account.
  await page.route('**/api/wallet', () => {})
  await devAnchor.approve(await copiedRequest(dialog), { account: 'bob.wam' })
  await expect.poll(() => storedKitSessions(page)).toHaveLength(2)

  await page.reload()
  await expectConnectWalletScreen(page)
  const tab = await openAgain(page)
  await tab.getByRole('button', { name: texts.leaveForest }).click()
  await expectLoginScreen(tab)
  expect(await storedKitSessions(tab)).toEqual([])
})

test("the phone declines: 'The request was cancelled from the mobile wallet.'", async ({
  page,
  devAnchor,
}) => {
  const dialog = await chooseAnchor(page)
  await devAnchor.decline(await copiedRequest(dialog))

  await expectFailedLogin(page, anchorTexts.cancelled)
})

test('the relay drops the socket during a login: the plugin reconnects and the login completes', async ({
  page,
  devAnchor,
}) => {
  // The page's relay sockets pass through here. The first is dropped once the prompt shows; the
  // plugin's reconnection is held until the phone has answered into the channel nobody listens on.
  const sockets: WebSocketRoute[] = []
  let answered = () => {}
  const phoneAnswered = new Promise<void>((resolve) => {
    answered = resolve
  })
  await page.routeWebSocket(/\/devchain\/relay\//, async (socket) => {
    sockets.push(socket)
    if (sockets.length > 1) await phoneAnswered
    socket.connectToServer()
  })

  const dialog = await chooseAnchor(page)
  const link = await copiedRequest(dialog)
  await expect.poll(() => sockets.length).toBe(1)
  await sockets[0]?.close({ code: 1012, reason: 'Service restart' })
  await expect.poll(() => sockets.length).toBe(2)

  await devAnchor.approve(link, { account: 'alice.wam' })
  answered()
  await expect(toast(page, walletTexts.connected('alice.wam'))).toBeVisible()
  await expect(page.getByText(walletTexts.waxAccount('alice.wam'))).toBeVisible()
})

test('a transaction through the restored session goes sealed over the link channel, is signed by the Dev Anchor and lands on the devchain', async ({
  page,
  devAnchor,
}) => {
  const dialog = await chooseAnchor(page)
  const { session } = await devAnchor.approve(await copiedRequest(dialog), { account: 'alice.wam' })
  if (!session) throw new Error('the login kept no link session')
  await expect(page.getByText(walletTexts.waxAccount('alice.wam'))).toBeVisible()
  const events: LinkEvent[] = []
  const phone = listenOnLinkChannel(devAnchor, session, { onEvent: (event) => events.push(event) })
  try {
    await phone.connected
    await page.reload()
    await expect(page.getByText(walletTexts.waxAccount('alice.wam'))).toBeVisible()

    const transactionId = await transferFromPage(page)
    expect(events).toEqual([{ kind: 'approved', transactionId }])
    const onChain = await page.request.post('/devchain/v1/history/get_transaction', {
      data: { id: transactionId },
    })
    expect(onChain.ok()).toBe(true)
  } finally {
    phone.close()
  }
})

test("a transaction the phone never answers shows the countdown, then 'The request expired, please try again.'", async ({
  page,
  devAnchor,
}) => {
  const dialog = await logInWithAnchor(page, devAnchor, 'alice.wam')

  // Nobody listens on the link channel; the transaction expires in seconds instead of two minutes.
  const signing = transferFromPage(page, 4)
  await expect(dialog.getByText(anchorTexts.transactTitle)).toBeVisible()
  await expect(dialog.getByText(anchorTexts.waiting)).toBeVisible()
  await expect(dialog.getByText(/^\d\d:\d\d$/)).toBeVisible()
  await expect(signing).rejects.toThrow(anchorTexts.expired)
  await expect(dialog.getByText(anchorTexts.expired)).toBeVisible()
})
