/**
 * The smoke suite: the visitor's main flows in Firefox ESR and in WebKitGTK (Safari's engine),
 * which Playwright cannot drive in their stock builds. One browser after the other against one
 * server, every flow with a new visitor. Ends with `N passed, N failed` alone on a line, and
 * exits non-zero on any failure.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { ensureServerBuild } from '@fernwood/testkit'
import { type StartedServer, startFernwoodServer } from '../support/server'
import { type BrowserPaths, findBrowserPaths } from './browser-paths'
import { launchFirefox } from './firefox'
import { type FlowContext, flows } from './flows'
import { type BrowserUnderTest, type PageDriver, Visitor } from './visitor'
import { launchWebKitGtk } from './webkitgtk'

interface BrowserRun {
  id: string
  launch(paths: BrowserPaths): Promise<BrowserUnderTest>
  codes: FlowContext['codes']
}

const browserRuns: BrowserRun[] = [
  {
    id: 'firefox-esr',
    launch: (paths) => launchFirefox(paths.firefox),
    codes: { typed: 'mossy-oak', claimLink: 'moon-cap', nft: 'ancient-relic' },
  },
  {
    id: 'webkitgtk',
    launch: (paths) => launchWebKitGtk(paths),
    codes: { typed: 'silver-fern', claimLink: 'dew-drop', nft: 'oak-acorn' },
  },
]

// Far above any flow's own waits: only a driver that stopped answering gets here.
const flowTimeoutMs = 120_000
const serverLogLines = 40
const outputDir = resolve(import.meta.dirname, '../test-results/smoke')
const allFlows = browserRuns.length * flows.length

// Stopped from outside (Ctrl-C, a CI timeout), the run closes what is running, which fails the
// flow under way, launches nothing more and unwinds as after a failure, leaving no browser,
// display or server behind. A second signal ends it at once.
let stopping = false
const running = new Set<() => Promise<void>>()
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1)
    stopping = true
    console.log(`smoke: ${signal}: stopping`)
    for (const stop of running) stop().catch(() => undefined)
  })
}

let passed = 0
try {
  const paths = findBrowserPaths()
  ensureServerBuild()
  const server = await startFernwoodServer()
  const stopServer = () => server.stop()
  running.add(stopServer)
  const folder = await mkdtemp(join(tmpdir(), 'fernwood-smoke-'))
  try {
    for (const run of browserRuns) {
      if (stopping) break
      const started = performance.now()
      const passedHere = await runIn(run, paths, server, folder)
      passed += passedHere
      console.log(
        `${run.id}: ${passedHere} passed, ${flows.length - passedHere} failed in ${elapsed(started)}\n`,
      )
    }
  } finally {
    await rm(folder, { recursive: true, force: true })
    await server.stop()
    running.delete(stopServer)
  }
} catch (error) {
  console.log(`smoke: ${message(error)}`)
}
console.log(`${passed} passed, ${allFlows - passed} failed`)
process.exit(passed === allFlows && !stopping ? 0 : 1)

/** Runs every flow in one browser; resolves to how many passed. */
async function runIn(
  run: BrowserRun,
  paths: BrowserPaths,
  server: StartedServer,
  folder: string,
): Promise<number> {
  let browser: BrowserUnderTest
  try {
    browser = await run.launch(paths)
  } catch (error) {
    console.log(`✗ ${run.id} did not start: ${message(error)}`)
    return 0
  }
  const stopBrowser = () => browser.close()
  running.add(stopBrowser)
  console.log(`${run.id}: ${browser.name}`)

  let passedHere = 0
  for (const [index, flow] of flows.entries()) {
    if (stopping) break
    const started = performance.now()
    let page: PageDriver | undefined
    try {
      page = await browser.newPage(server.url)
      await withDeadline(flow.run(new Visitor(page), { folder, codes: run.codes }), flowTimeoutMs)
      const problems = await page.problems()
      if (problems.length > 0) throw new Error(`the page reported:\n  ${problems.join('\n  ')}`)
      passedHere += 1
      console.log(`✓ ${run.id} › ${flow.name} (${elapsed(started)})`)
    } catch (error) {
      console.log(`✗ ${run.id} › ${flow.name} (${elapsed(started)})\n  ${message(error)}`)
      if (page) await keepScreenshot(page, `${run.id}-${index + 1}.png`)
      const log = server.log().trimEnd().split('\n').slice(-serverLogLines).join('\n  ')
      if (log) console.log(`  server log (last ${serverLogLines} lines):\n  ${log}`)
    } finally {
      await page?.close().catch(() => undefined)
    }
  }
  await browser.close().catch(() => undefined)
  running.delete(stopBrowser)
  return passedHere
}

async function withDeadline(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still running after ${ms / 1000} s`)), ms)
  })
  // Abandoned at the deadline, it fails later when its page closes: nothing to report then.
  work.catch(() => undefined)
  try {
    await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

async function keepScreenshot(page: PageDriver, name: string): Promise<void> {
  try {
    const picture = await page.screenshot()
    await mkdir(outputDir, { recursive: true })
    await writeFile(join(outputDir, name), picture)
    console.log(`  screenshot: ${join(outputDir, name)}`)
  } catch (error) {
    console.log(`  (no screenshot: ${message(error)})`)
  }
}

function elapsed(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
