/**
 * Screenshots of every surface of the site, on the devices each is used on, in light and dark,
 * with axe-core run on each: JPEGs named `<surface>--<device>--<theme>.jpg` and an index.md in
 * OUT_DIR (docs/screens by default). One real server on the devchain, one Chromium. Prints a
 * table of the shots and exits non-zero when a surface could not be reached or axe found a
 * serious or critical violation.
 */
import { mkdir, readdir, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { repositoryRoot } from '@fernwood/testkit'
import { chromiumArgs } from '@fernwood/testkit/chromium'
import {
  type Browser,
  type BrowserContextOptions,
  chromium,
  devices,
  type Page,
} from '@playwright/test'
import { findChromium } from '../chromium.mjs'
import { seriousViolations } from '../support/axe'
import { type CloudWalletStandIn, startCloudWalletStandIn } from '../support/cloud-wallet-stand-in'
import makeMigratedCluster from '../support/global-setup'
import { type StartedServer, startFernwoodServer } from '../support/server'
import { createShotCampaigns, OPERATOR, type ShotDevice } from './campaigns'
import { printTable, type ShotRecord, writeIndex } from './report'
import { type Surface, surfaces } from './surfaces'

const outDir = resolve(process.env.OUT_DIR ?? join(repositoryRoot, 'docs/screens'))
const themes = ['light', 'dark'] as const
const shotFile = /^[\w-]+--[\w-]+--(light|dark)\.jpg$/
const serverLogChars = 4000

function deviceProfile(name: string): BrowserContextOptions {
  const { defaultBrowserType: _, ...profile } = devices[name]
  return profile
}

const deviceOptions: Record<ShotDevice, BrowserContextOptions> = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  phone: deviceProfile('iPhone 13'),
  tablet: deviceProfile('iPad (gen 7)'),
}

/**
 * Every shadow root open, as the wallet fixtures make them: the kit's renderer attaches a closed
 * one, which axe could not look into.
 */
function openShadowRoots() {
  const attachShadow = Element.prototype.attachShadow
  Element.prototype.attachShadow = function (init: ShadowRootInit) {
    return attachShadow.call(this, { ...init, mode: 'open' })
  }
}

/** Waits until the page renders in `theme`: the media query answers, and a frame has been drawn. */
async function renderedIn(page: Page, theme: (typeof themes)[number]): Promise<void> {
  await page.emulateMedia({ colorScheme: theme })
  const dark = await page.evaluate(
    () =>
      new Promise<boolean>((drawn) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => drawn(matchMedia('(prefers-color-scheme: dark)').matches)),
        ),
      ),
  )
  if (dark !== (theme === 'dark')) throw new Error(`the page did not switch to ${theme}`)
}

async function shoot(
  browser: Browser,
  baseURL: string,
  surface: Surface,
  device: ShotDevice,
): Promise<ShotRecord[]> {
  const contexts: Awaited<ReturnType<Browser['newContext']>>[] = []
  const newPage = async () => {
    const context = await browser.newContext({
      ...deviceOptions[device],
      baseURL,
      locale: 'en-US',
      colorScheme: 'light',
      reducedMotion: 'reduce',
    })
    contexts.push(context)
    await context.addInitScript(openShadowRoots)
    return context.newPage()
  }
  try {
    const shot = await surface.open(newPage, device)
    // No hover left where the last click was, on a row of the kit's list say.
    await shot.page.mouse.move(0, 0)
    const records: ShotRecord[] = []
    for (const theme of themes) {
      await renderedIn(shot.page, theme)
      const file = `${surface.name}--${device}--${theme}.jpg`
      const options = {
        path: join(outDir, file),
        type: 'jpeg',
        quality: 70,
        scale: 'css',
        animations: 'disabled',
        caret: 'hide',
      } as const
      await (shot.region
        ? shot.region.screenshot(options)
        : shot.page.screenshot({ ...options, fullPage: shot.fullPage ?? false }))
      const violations = await seriousViolations(shot.page, shot.axeScope)
      records.push({ surface: surface.name, shows: surface.shows, device, theme, file, violations })
    }
    return records
  } finally {
    for (const context of contexts) await context.close()
  }
}

/** Removes the shots of an earlier run, so that none outlives its surface. */
async function clearEarlierShots(): Promise<void> {
  await mkdir(outDir, { recursive: true })
  for (const name of await readdir(outDir)) {
    if (shotFile.test(name)) await rm(join(outDir, name))
  }
}

const started = performance.now()
const records: ShotRecord[] = []
const failures: string[] = []
let server: StartedServer | undefined
let browser: Browser | undefined
let cloudWallet: CloudWalletStandIn | undefined
const removeCluster = await makeMigratedCluster()
try {
  cloudWallet = await startCloudWalletStandIn()
  server = await startFernwoodServer({
    ADMIN_ACCOUNTS: OPERATOR,
    CLOUD_WALLET_URL: cloudWallet.url,
    CLOUD_WALLET_AUTO_URL: cloudWallet.url,
  })
  cloudWallet.dappOrigin = server.url
  browser = await chromium.launch({
    executablePath: findChromium().executablePath,
    args: [...chromiumArgs],
  })
  await createShotCampaigns(browser, server.url)
  await clearEarlierShots()
  for (const surface of surfaces) {
    for (const device of surface.devices) {
      try {
        records.push(...(await shoot(browser, server.url, surface, device)))
        console.log(`shot ${surface.name} on ${device}`)
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error)
        failures.push(`${surface.name} on ${device}: ${why}`)
        console.log(`FAILED ${surface.name} on ${device}`)
      }
    }
  }
  await writeIndex(outDir, records)
  if (failures.length > 0)
    console.log(`\nserver log (tail):\n${server.log().slice(-serverLogChars)}`)
} finally {
  await browser?.close()
  await server?.stop()
  await cloudWallet?.close()
  await removeCluster()
}

console.log()
printTable(records)
const violating = records.filter((record) => record.violations.length > 0)
for (const record of violating) {
  console.log(`\n${record.file}:\n  ${record.violations.join('\n  ')}`)
}
for (const failure of failures) console.log(`\nsurface failed: ${failure}`)
console.log(
  `\n${records.length} shots in ${outDir}, ${violating.length} with serious violations, ${failures.length} surfaces failed, in ${Math.round((performance.now() - started) / 1000)} s`,
)
if (violating.length > 0 || failures.length > 0) process.exitCode = 1
