/**
 * Lighthouse (mobile profile: a mid-range phone on a slow 4G link, simulated) on the login
 * screen of the production build: `npm run build`, then the compiled server on a free port with
 * a fresh DATA_DIR, audited in Debian's Chromium. Prints the performance score, its metrics, the
 * text-compression check and what each script, stylesheet and font cost over the wire. Asserts
 * nothing.
 *
 *   npm run lighthouse -w @fernwood/bench            # builds first
 *   npm run lighthouse -w @fernwood/bench -- --no-build
 *
 * Chromium: CHROME_PATH, else CHROMIUM_PATH, else /usr/bin/chromium.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repositoryRoot = path.resolve(import.meta.dirname, '..')
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// The flags the browser suite runs Chromium with (e2e/playwright.config.ts).
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

interface Audit {
  score: number | null
  displayValue?: string
  details?: { items?: unknown }
}
interface NetworkRequest {
  url: string
  resourceType?: string
  transferSize: number
  resourceSize: number
}
interface LighthouseResult {
  lighthouseVersion: string
  /** Lighthouse's measure of this machine's CPU at the time of the run */
  environment: { benchmarkIndex: number }
  categories: { performance: { score: number } }
  audits: Record<string, Audit>
}

if (!process.argv.includes('--no-build')) {
  execFileSync('npm', ['run', 'build'], { cwd: repositoryRoot, stdio: 'inherit' })
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'fernwood-lighthouse-'))
const port = await freePort()
const url = `http://127.0.0.1:${port}/`
const server = spawn(process.execPath, [path.join(repositoryRoot, 'apps/server/dist/main.js')], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
})
try {
  await untilReady(server, `${url}api/ready`)
  const report = await runLighthouse(url)
  printReport(report)
} finally {
  server.kill('SIGTERM')
  await once(server, 'exit')
  await rm(dataDir, { recursive: true, force: true })
}

async function runLighthouse(target: string): Promise<LighthouseResult> {
  const output = path.join(dataDir, 'lighthouse.json')
  const cli = fileURLToPath(import.meta.resolve('lighthouse/cli/index.js'))
  execFileSync(
    process.execPath,
    [
      cli,
      target,
      '--quiet',
      '--only-categories=performance,best-practices',
      '--output=json',
      `--output-path=${output}`,
      `--chrome-flags=${chromeFlags.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, stdio: 'inherit' },
  )
  return JSON.parse(await readFile(output, 'utf8')) as LighthouseResult
}

function printReport({ lighthouseVersion, environment, categories, audits }: LighthouseResult) {
  console.log(
    `Lighthouse ${lighthouseVersion}, mobile profile, login screen of the production build`,
  )
  // The CPU-bound metrics (total blocking time above all) grow on a busy or slow machine.
  console.log(`CPU benchmark index of this machine: ${Math.round(environment.benchmarkIndex)}\n`)
  console.log(`performance score: ${Math.round(categories.performance.score * 100)}`)
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'speed-index',
    'total-blocking-time',
    'cumulative-layout-shift',
    'interactive',
  ]) {
    const audit = audits[id]
    if (audit) console.log(`  ${id}: ${audit.displayValue ?? '-'} (score ${audit.score})`)
  }
  // Lighthouse 13 checks compression in its document-latency insight; older ones in an audit.
  const compression =
    audits['uses-text-compression'] ?? audits['document-latency-insight'] ?? undefined
  console.log(`text compression audit: ${compressionVerdict(compression)}`)
  const consoleErrors = (audits['errors-in-console']?.details?.items as unknown[]) ?? []
  console.log(`console errors: ${consoleErrors.length}`)

  console.log('\nscripts, stylesheets and fonts, over the wire / as loaded:')
  const requests = (audits['network-requests']?.details?.items as NetworkRequest[]) ?? []
  for (const request of requests) {
    if (!['Script', 'Stylesheet', 'Font'].includes(request.resourceType ?? '')) continue
    console.log(
      `  ${new URL(request.url).pathname}: ${kb(request.transferSize)} / ${kb(request.resourceSize)}`,
    )
  }
}

function compressionVerdict(audit: Audit | undefined): string {
  if (!audit) return 'not in this Lighthouse version'
  const checks = audit.details?.items as Record<string, { value: boolean }> | undefined
  if (checks?.usesCompression) return checks.usesCompression.value ? 'passed' : 'FAILED'
  return audit.score === 1 ? 'passed' : `FAILED (${audit.displayValue ?? audit.score})`
}

async function untilReady(child: ChildProcess, readyUrl: string) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`)
    const ready = await fetch(readyUrl).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('the server did not become ready in 2 minutes')
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const address = probe.address()
  probe.close()
  if (!address || typeof address === 'string') throw new Error('no TCP address')
  return address.port
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`
}
