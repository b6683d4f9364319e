/**
 * Measures the QR decoder candidates on a seeded corpus in Debian's Chromium and prints the
 * figures: accuracy and decode time per condition, false positives, readiness time, bundle
 * cost, and which Content-Security-Policy each one runs under.
 *
 *   npx tsx bench/qr/run.ts
 */
import type { Browser } from 'playwright-core'
import { filesCost, lazyFiles } from '../vite-bundle.ts'
import { launchChromium } from './browser.ts'
import type { DecodeRecord, Readiness } from './page/api.ts'
import { type CorpusCategory, corpusCategories } from './page/corpus.ts'
import { type QrDecoderName, qrDecoderNames } from './page/decoders/decoder.ts'
import {
  benchOutDir,
  buildBenchPage,
  contentSecurityPolicies,
  type PolicyName,
  serveBenchPage,
} from './server.ts'

const IMAGES_PER_CATEGORY = 32
const COLD_STARTS = 5
const RUN_LIMIT_MILLISECONDS = 4 * 60_000

const moduleKeys: Record<QrDecoderName, string> = {
  'zxing-wasm': 'decoders/zxing.ts',
  'qr-scanner': 'decoders/qr-scanner.ts',
  jsqr: 'decoders/jsqr.ts',
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN
}

function milliseconds(value: number): string {
  return value < 10 ? value.toFixed(1) : value.toFixed(0)
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`
  return [
    line(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n')
}

function accuracyCell(records: readonly DecodeRecord[]): string {
  const correct = records.filter((record) => record.text === record.expected).length
  const times = records.map((record) => record.milliseconds)
  const wrong = records.filter(
    (record) => record.text !== null && record.text !== record.expected,
  ).length
  const errors = records.filter((record) => record.error !== undefined).length
  const notes = [wrong ? `${wrong} wrong` : '', errors ? `${errors} errors` : '']
    .filter(Boolean)
    .join(', ')
  const rate = `${Math.round((100 * correct) / records.length)}%`.padStart(4)
  return `${rate} ${milliseconds(percentile(times, 0.5)).padStart(4)} ${milliseconds(percentile(times, 0.95)).padStart(4)}${notes ? ` (${notes})` : ''}`
}

function falsePositiveCell(records: readonly DecodeRecord[]): string {
  const found = records.filter((record) => record.text !== null).length
  const errors = records.filter((record) => record.error !== undefined).length
  const times = records.map((record) => record.milliseconds)
  return `${found}/${records.length} ${milliseconds(percentile(times, 0.5)).padStart(4)} ${milliseconds(percentile(times, 0.95)).padStart(4)}${errors ? ` (${errors} errors)` : ''}`
}

async function freshPage(browser: Browser, origin: string, policy: PolicyName) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${origin}/?csp=${policy}`)
  await page.waitForFunction(() => window.fernwoodBench !== undefined)
  return { context, page }
}

async function main(): Promise<void> {
  const buildStarted = performance.now()
  const manifest = await buildBenchPage()
  console.log(
    `Built the bench page with Vite in ${milliseconds(performance.now() - buildStarted)} ms`,
  )
  const server = await serveBenchPage()
  const browser = await launchChromium()
  const watchdog = setTimeout(() => {
    console.error(`Stopped: the bench ran over ${RUN_LIMIT_MILLISECONDS / 1000} s`)
    process.exit(1)
  }, RUN_LIMIT_MILLISECONDS)
  try {
    const probe = await freshPage(browser, server.origin, 'all')
    const environment = await probe.page.evaluate(() => window.fernwoodBench.environment())
    await probe.context.close()
    console.log(`Browser: ${environment.userAgent}`)
    console.log(`BarcodeDetector in window: ${environment.barcodeDetector ? 'yes' : 'no'}\n`)

    console.log(
      'Content-Security-Policy: does the decoder load and read a clean code under each policy?',
    )
    const policyRows: string[][] = []
    for (const name of qrDecoderNames) {
      const row: string[] = [name]
      for (const policy of Object.keys(contentSecurityPolicies) as PolicyName[]) {
        const { context, page } = await freshPage(browser, server.origin, policy)
        const outcome = await page.evaluate(
          (decoder) => window.fernwoodBench.measureReadiness(decoder),
          name,
        )
        await context.close()
        row.push(
          'error' in outcome
            ? `refused: ${outcome.violations.join('; ') || outcome.error}`
            : 'works',
        )
      }
      policyRows.push(row)
    }
    console.log(table(['decoder', ...Object.keys(contentSecurityPolicies)], policyRows))
    for (const [policy, header] of Object.entries(contentSecurityPolicies))
      console.log(`  ${policy}: ${header}`)

    console.log(
      `\nReadiness: cold page (fresh context, empty cache), import to first decoded text, ${COLD_STARTS} runs`,
    )
    const readinessRows: string[][] = []
    for (const name of qrDecoderNames) {
      const runs: Readiness[] = []
      for (let run = 0; run < COLD_STARTS; run++) {
        const { context, page } = await freshPage(browser, server.origin, 'all')
        const outcome = await page.evaluate(
          (decoder) => window.fernwoodBench.measureReadiness(decoder),
          name,
        )
        await context.close()
        if ('error' in outcome) throw new Error(`${name} did not load: ${outcome.error}`)
        runs.push(outcome)
      }
      const times = runs.map((run) => run.milliseconds)
      const cost = await filesCost(lazyFiles(manifest, moduleKeys[name]), benchOutDir)
      readinessRows.push([
        name,
        runs[0]?.engine ?? '',
        `${milliseconds(percentile(times, 0.5))} ms (${times.map(milliseconds).join(', ')})`,
        kilobytes(cost.gzipBytes),
        kilobytes(cost.bytes),
        cost.files.map((file) => file.replace(/^assets\//, '')).join(', '),
      ])
    }
    console.log(
      table(
        ['decoder', 'engine', 'ready (median, runs)', 'gzip', 'raw', 'files fetched'],
        readinessRows,
      ),
    )

    console.log(
      `\nCorpus: ${IMAGES_PER_CATEGORY} seeded images per category; cells are success %, median ms, p95 ms`,
    )
    const { context, page } = await freshPage(browser, server.origin, 'all')
    await page.evaluate((names) => window.fernwoodBench.loadDecoders(names), qrDecoderNames)
    const results = new Map<CorpusCategory, Record<string, DecodeRecord[]>>()
    for (const category of corpusCategories) {
      const started = performance.now()
      results.set(
        category,
        await page.evaluate(([c, count]) => window.fernwoodBench.decodeCategory(c, count), [
          category,
          IMAGES_PER_CATEGORY,
        ] as const),
      )
      console.error(`  decoded ${category} in ${milliseconds(performance.now() - started)} ms`)
    }
    await context.close()
    const recordsOf = (name: QrDecoderName, categories: readonly CorpusCategory[]) =>
      categories.flatMap((category) => results.get(category)?.[name] ?? [])
    const codeCategories = corpusCategories.filter((category) => category !== 'non-qr')
    const rows = codeCategories.map((category) => [
      category,
      ...qrDecoderNames.map((name) => accuracyCell(recordsOf(name, [category]))),
    ])
    rows.push([
      'overall',
      ...qrDecoderNames.map((name) => accuracyCell(recordsOf(name, codeCategories))),
    ])
    rows.push([
      'non-qr: found / time',
      ...qrDecoderNames.map((name) => falsePositiveCell(recordsOf(name, ['non-qr']))),
    ])
    console.log(table(['category', ...qrDecoderNames], rows))
  } finally {
    clearTimeout(watchdog)
    await browser.close()
    await server.close()
  }
}

await main()
