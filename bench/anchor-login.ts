/**
 * Anchor login figures: in Chromium, the time from choosing Anchor in the kit's dialog to the
 * dashboard ('WAX: alice.wam'), with the Dev Anchor approving the prompt's request the moment it
 * shows, through the server's own relay on the devchain. Needs the web build (npm run build).
 * Prints figures only.
 *
 *   npm run anchor-login -w @fernwood/bench
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DevAnchor } from '@fernwood/devanchor'
import { readEnvironment } from '@fernwood/server/environment'
import { startServer } from '@fernwood/server/server'
import { deferWasmTierUp } from '@fernwood/server/wasm-tiering'
import { APIClient } from '@wharfkit/antelope'
import { chromium } from 'playwright-core'

const LOGINS = Number(process.env.BENCH_LOGINS ?? 10)

// As `npm start` does before anything runs.
deferWasmTierUp()
const dataDir = await mkdtemp(path.join(tmpdir(), 'fernwood-bench-anchor-'))
const server = await startServer(
  readEnvironment({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WORKER_ENABLED: 'false' }),
  { logger: false },
)
const anchor = new DevAnchor({ client: new APIClient({ url: `${server.url}/devchain` }) })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})

const timings: number[] = []
try {
  for (let index = 0; index < LOGINS; index++) {
    const page = await browser.newPage()
    // The kit's dialog lives in a closed shadow root; opened so its buttons can be found.
    await page.addInitScript(`{
      const attachShadow = Element.prototype.attachShadow
      Element.prototype.attachShadow = function (init) {
        return attachShadow.call(this, { ...init, mode: 'open' })
      }
    }`)
    await page.goto(server.url)
    await page.getByRole('button', { name: 'Enter the Forest' }).click()
    await page.getByRole('button', { name: 'Connect WAX Wallet' }).click()
    const dialog = page.locator('#wharfkit-web-ui').locator('dialog').first()
    const anchorOption = dialog.getByRole('button', { name: 'Anchor logo Anchor', exact: true })
    await anchorOption.waitFor()

    const choseAt = performance.now()
    await anchorOption.click()
    const launch = dialog.getByRole('link', { name: 'Launch Anchor' })
    await launch.waitFor()
    await anchor.approve((await launch.getAttribute('href')) ?? '', { account: 'alice.wam' })
    await page.getByText('WAX: alice.wam').waitFor()
    timings.push(performance.now() - choseAt)
    await page.close()
  }
} finally {
  await browser.close()
  await server.close()
  await rm(dataDir, { recursive: true, force: true })
}

timings.sort((a, b) => a - b)
const at = (p: number) =>
  (timings[Math.min(timings.length - 1, Math.floor(p * timings.length))] as number).toFixed(0)
console.log(
  `Anchor login, choosing Anchor → dashboard, Dev Anchor approving at once (${LOGINS} logins)`,
)
console.log(`p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, slowest ${at(1)} ms`)
