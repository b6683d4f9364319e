/**
 * The wallet kit as a browser fetches it: the production build served by the real server (as
 * compressed as it serves it) and opened in Chromium, where 'Enter the Forest', which opens the
 * wallet's dialog by itself, is clicked (the mouse then resting where the list opens) or, in a
 * second run, pressed from the keyboard; every
 * JS and CSS response of the kit is counted until the wallet list shows and the page falls quiet.
 * Then each wallet is pointed at in turn, and what that fetches is counted too.
 *
 * Measured once per wallet list: WAX's, on a server set up for WAX (its defaults: WALLETS
 * cloudwallet,anchor,wombat and the current Cloud Wallet plugin) that reaches no chain, since
 * opening the list asks none; and the devchain's.
 */
import path from 'node:path'
import { PAYOUT_ACCOUNT, PAYOUT_PRIVATE_KEY } from '@fernwood/devchain'
import { chromiumArgs } from '@fernwood/testkit'
import { type Browser, chromium, type Page, type Request } from 'playwright-core'
import type { Manifest } from 'vite'
import { startBenchServer } from './bench-server.ts'
import { lazyFiles } from './vite-bundle.ts'

/** What opening the wallet's dialog may fetch until its list shows, on the wire (issue 27). */
export const KIT_WIRE_BUDGET_BYTES = 150 * 1024

interface WalletList {
  label: string
  /** the server's settings that make this list */
  settings: Record<string, string>
  /** the names the kit's list shows, in its order */
  names: string[]
}

const WALLET_LISTS: WalletList[] = [
  {
    label: "WAX's list (cloudwallet,anchor,wombat)",
    settings: {
      CHAIN: 'wax',
      CHAIN_API_URL: 'http://127.0.0.1:9',
      PAYOUT_ACCOUNT,
      PAYOUT_PRIVATE_KEY,
    },
    names: ['Cloud Wallet', 'Anchor', 'Wombat'],
  },
  {
    label: "the devchain's list (devwallet,cloudwallet,anchor)",
    settings: {},
    names: ['Dev Wallet', 'Dev Wallet (enter account)', 'Cloud Wallet', 'Anchor'],
  },
]

/** One response the page fetched: the built file it named, and its body's bytes as sent. */
interface Fetched {
  file: string
  bytes: number
  encoding: string
}

/**
 * Chromium's own default window size. The list opens over the page's top left, where 'Connect WAX
 * Wallet' is: a click there leaves the mouse resting on one of its wallets.
 */
const VIEWPORT = { width: 800, height: 600 }

/** How the visitor opens the dialog, which decides what the mouse rests on as the list opens. */
interface Opening {
  label: string
  open(page: Page): Promise<void>
  /** then points at each wallet in turn, counting what that fetches */
  thenPointsAtEach: boolean
}

// 'Enter the Forest' signs in and opens the wallet's dialog at once, the visitor's one step.
const OPENINGS: Opening[] = [
  {
    label: "'Enter the Forest' clicked, the mouse left where it clicked",
    open: (page) => page.getByRole('button', { name: 'Enter the Forest' }).click(),
    thenPointsAtEach: false,
  },
  {
    label: "'Enter the Forest' pressed from the keyboard, the mouse away",
    async open(page) {
      await page.mouse.move(0, 0)
      await page.getByRole('button', { name: 'Enter the Forest' }).press('Enter')
    },
    thenPointsAtEach: true,
  },
  {
    // The mouse rests on whichever wallet the reopened list puts under it; nobody pointed at it.
    label: "closed, then 'Connect WAX Wallet' clicked, the mouse left on the list",
    async open(page) {
      await page.mouse.move(0, 0)
      await page.getByRole('button', { name: 'Enter the Forest' }).press('Enter')
      await page.locator('#wharfkit-web-ui').locator('dialog').waitFor()
      await page.keyboard.press('Escape')
      // Clicked once enabled again, as the cancelled login ends.
      await page.getByRole('button', { name: 'Connect WAX Wallet' }).click()
    },
    thenPointsAtEach: false,
  },
]

/**
 * Prints, per wallet list and way of opening the dialog, the kit's bytes on the wire until its
 * list shows (beside the budget), and then what pointing at each wallet fetches.
 */
export async function printKitOnTheWire(distDir: string, manifest: Manifest): Promise<void> {
  // Everything the kit's module can bring: its shell, each wallet's chunk and what they import.
  const kitFiles = new Set(lazyFiles(manifest, 'src/wallet/kit.ts'))
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...chromiumArgs],
  })
  console.log(
    `\nWallet kit as Chromium fetches it (JS and CSS bodies as served, compressed), ` +
      `until the wallet list shows and the page falls quiet, of a ${kb(KIT_WIRE_BUDGET_BYTES)} budget:`,
  )
  try {
    for (const list of WALLET_LISTS) {
      const server = await startBenchServer('pglite', {
        WEB_DIST: distDir,
        WORKER_ENABLED: 'false',
        ...list.settings,
      })
      try {
        console.log(`  ${list.label}:`)
        for (const opening of OPENINGS) {
          await printOneOpening(browser, server.server.url, list, opening, kitFiles)
        }
      } finally {
        await server.close()
      }
    }
  } finally {
    await browser.close()
  }
}

async function printOneOpening(
  browser: Browser,
  url: string,
  list: WalletList,
  opening: Opening,
  kitFiles: Set<string>,
): Promise<void> {
  // A fresh context each time: nothing cached from the previous run.
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    const page = await context.newPage()
    // The kit's dialog lives in a closed shadow root; opened so its wallets can be found.
    await page.addInitScript(`{
      const attachShadow = Element.prototype.attachShadow
      Element.prototype.attachShadow = function (init) {
        return attachShadow.call(this, { ...init, mode: 'open' })
      }
    }`)
    const fetched = recordScriptsAndStyles(page)
    const kitOnly = (files: Fetched[]) => files.filter(({ file }) => kitFiles.has(file))
    await page.goto(url)
    await opening.open(page)
    const dialog = page.locator('#wharfkit-web-ui').locator('dialog')
    const walletOption = (name: string) =>
      dialog.getByRole('button', { name: `${name} logo ${name}`, exact: true })
    for (const name of list.names) await walletOption(name).waitFor()
    await fetched.quiet()
    const kit = kitOnly(fetched.since(0))
    const kitBytes = sum(kit)
    console.log(
      `    ${opening.label}: ${kb(kitBytes)} ` +
        `(${Math.round((kitBytes / KIT_WIRE_BUDGET_BYTES) * 100)} %) ` +
        `${kitBytes <= KIT_WIRE_BUDGET_BYTES ? 'within budget' : 'OVER BUDGET'}`,
    )
    console.log(`      ${describe(kit)}`)
    if (!opening.thenPointsAtEach) return
    for (const name of list.names) {
      const before = fetched.count()
      await walletOption(name).hover()
      await fetched.quiet()
      const more = kitOnly(fetched.since(before))
      console.log(
        `      then pointing at ${name}: ${more.length > 0 ? `${kb(sum(more))}  ${describe(more)}` : 'nothing more'}`,
      )
    }
  } finally {
    await context.close()
  }
}

/**
 * The page's JS and CSS responses as they finish, with a way to wait until none is under way (the
 * page's live stream never finishes, so only scripts and styles are waited for).
 */
function recordScriptsAndStyles(page: Page) {
  const done: Fetched[] = []
  let pending = 0
  let lastActivity = performance.now()
  const fileOf = (request: Request) => new URL(request.url()).pathname.replace(/^\//, '')
  const isScriptOrStyle = (request: Request) => /\.(js|css)$/.test(fileOf(request))
  page.on('request', (request) => {
    if (!isScriptOrStyle(request)) return
    pending++
    lastActivity = performance.now()
  })
  page.on('requestfailed', (request) => {
    if (!isScriptOrStyle(request)) return
    pending--
    lastActivity = performance.now()
  })
  page.on('requestfinished', async (request) => {
    if (!isScriptOrStyle(request)) return
    try {
      const [sizes, response] = await Promise.all([request.sizes(), request.response()])
      const encoding = (await response?.headerValue('content-encoding')) ?? 'identity'
      done.push({ file: fileOf(request), bytes: sizes.responseBodySize, encoding })
    } finally {
      pending--
      lastActivity = performance.now()
    }
  })
  return {
    count: () => done.length,
    since: (index: number) => done.slice(index),
    /** Resolves once no request has been under way for half a second. */
    async quiet() {
      while (pending > 0 || performance.now() - lastActivity < 500) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
  }
}

function describe(files: Fetched[]): string {
  return files
    .map(({ file, bytes, encoding }) => `${path.basename(file)} ${kb(bytes)} ${encoding}`)
    .join(', ')
}

function sum(files: Fetched[]): number {
  return files.reduce((total, { bytes }) => total + bytes, 0)
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`
}
