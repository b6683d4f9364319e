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
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromiumArgs, repositoryRoot, startServer } from '@fernwood/testkit'

const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

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
try {
  const server = await startServer(
    { DATA_DIR: dataDir },
    { path: '/api/ready', timeoutMs: 120_000, intervalMs: 200 },
  )
  try {
    printReport(await runLighthouse(`${server.url}/`))
  } finally {
    await server.stop()
  }
} finally {
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
      `--chrome-flags=${chromiumArgs.join(' ')}`,
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

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`
}
