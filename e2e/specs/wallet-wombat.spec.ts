import { scatterLoginMessage } from '@fernwood/protocol'
import { expectConnectWalletScreen, toast } from '../screens'
import { injectScatterStandIn } from '../support/scatter-stand-in'
import { walletTexts } from '../texts'
import {
  expect,
  openWalletLogin,
  storedKitSessions,
  walletOption,
  test as walletTest,
} from '../wallet-fixtures'

// Wombat through @wharfkit/wallet-plugin-wombat, against a stand-in of the Scatter interface its
// extension injects. The devchain offers it when WALLETS names it (by default WAX alone does).

/**
 * Before it settles on the injected interface, ScatterJS (inside the plugin's Scatter protocol)
 * looks for the Scatter Desktop app: on this machine's ports and through Scatter's relay. Wombat
 * is an extension and needs neither, so our Content-Security-Policy refuses both, and the relay
 * probe's refusal surfaces as ScatterJS's own uncaught 'Failed to fetch'. Those, and only those,
 * are not this page's problems; every other refusal or uncaught error still fails the test.
 */
const SCATTER_DESKTOP_PORTS = '(50005|50006|51505|51506|53005|53006|54505|54506|56005|56006)'
const SCATTER_DESKTOP_PROBE = new RegExp(
  "^(Connecting to '|Fetch API cannot load )" +
    `(https://relay\\.get-scatter\\.com/|(https|wss)://local\\.get-scatter\\.com:${SCATTER_DESKTOP_PORTS}/|(http|ws)://127\\.0\\.0\\.1:${SCATTER_DESKTOP_PORTS}/)`,
)

const test = walletTest.extend({
  noPageErrors: async ({ page }, use) => {
    const problems: string[] = []
    let relayProbed = false
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
    page.on('console', (message) => {
      const text = message.text()
      if (message.type() !== 'error' || !text.includes('Content Security Policy')) return
      if (!SCATTER_DESKTOP_PROBE.test(text)) problems.push(text)
      if (text.includes('relay.get-scatter.com')) relayProbed = true
    })
    await use(undefined)
    const expected = relayProbed ? ['uncaught: Failed to fetch'] : []
    expect(problems.filter((problem) => !expected.includes(problem))).toEqual([])
  },
})

test.use({ walletSettings: { WALLETS: 'devwallet,cloudwallet,anchor,wombat' } })

test('Wombat logs in through the Scatter interface; its signature over our nonce proves the account to the server', async ({
  page,
}) => {
  const wombat = await injectScatterStandIn(page, { account: 'bob.wam' })
  const challenge = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/wallet/challenge',
  )
  const binding = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/wallet',
  )
  const dialog = await openWalletLogin(page)
  await walletOption(dialog, 'Wombat').click()

  const { nonce } = await (await challenge).json()
  const bound = await binding
  expect(bound.status()).toBe(200)
  expect(bound.request().postDataJSON()).toMatchObject({
    actor: 'bob.wam',
    permission: 'active',
    proof: { type: 'scatter' },
  })
  expect(wombat.signed).toEqual([
    {
      publicKey: expect.stringMatching(/^PUB_K1_|^EOS/),
      data: scatterLoginMessage('fernwood', 'bob.wam', nonce),
    },
  ])
  await expect(toast(page, walletTexts.connected('bob.wam'))).toBeVisible()
  await expect(page.getByText(walletTexts.waxAccount('bob.wam'))).toBeVisible()
})

test("a signature declined in Wombat binds nothing, says Wombat's words and leaves no kit session", async ({
  page,
}) => {
  await injectScatterStandIn(page, { declineSignature: true })
  const dialog = await openWalletLogin(page)
  await walletOption(dialog, 'Wombat').click()

  await expect(toast(page, 'User rejected the signature request')).toHaveAttribute(
    'data-type',
    'error',
  )
  await expectConnectWalletScreen(page)
  expect(await storedKitSessions(page)).toEqual([])
})

test('WALLETS lists the wallets the dialog offers, in its order', async ({ page }) => {
  const dialog = await openWalletLogin(page)
  const names = dialog.locator('li .label')
  await expect(names).toHaveText([
    'Dev Wallet',
    'Dev Wallet (enter account)',
    'Cloud Wallet',
    'Anchor',
    'Wombat',
  ])
  const logo = dialog.getByRole('img', { name: 'Wombat logo' })
  await expect(logo).toBeVisible()
  expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
})
