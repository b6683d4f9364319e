/**
 * What each part of the web app costs a visitor: the JavaScript the login screen needs before it
 * is interactive (against its budget), and the lazily loaded parts (dashboard, wallet kit, QR
 * decoder with its .wasm). Prints figures; asserts nothing.
 *
 *   npx tsx bench/bundle-size.ts            # builds apps/web first
 *   npx tsx bench/bundle-size.ts --no-build # reads the existing apps/web/dist
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Manifest } from 'vite'

const webRoot = path.resolve(import.meta.dirname, '../apps/web')
const distDir = path.join(webRoot, 'dist')
const LOGIN_JS_BUDGET_BYTES = 90 * 1024

interface Cost {
  files: string[]
  bytes: number
  gzipBytes: number
}

if (!process.argv.includes('--no-build')) {
  await build({ root: webRoot, logLevel: 'warn' })
}
const manifest = JSON.parse(
  await readFile(path.join(distDir, '.vite/manifest.json'), 'utf8'),
) as Manifest

// index.html's module and its static imports: everything the browser runs before React renders
// the first screen. The rest is fetched with import(), after the first paint or on demand.
const entryKeys = staticClosure('index.html')
const loginJs = await cost(entryKeys.map((key) => manifest[key].file))
const loginCss = await cost(entryKeys.flatMap((key) => manifest[key].css ?? []))

const lazyParts: Array<[string, string]> = [
  ['dashboard', 'src/screens/Dashboard/Dashboard.tsx'],
  ['wallet kit (with its wallet plugins)', 'src/wallet/kit.ts'],
  ['QR decoder (zxing-wasm)', 'src/qr/zxing.ts'],
]

console.log(`Web app bundle, gzip -9 (${path.relative(process.cwd(), distDir)})\n`)
console.log(
  `login screen JS:  ${kb(loginJs.gzipBytes)} of a ${kb(LOGIN_JS_BUDGET_BYTES)} budget ` +
    `(${percent(loginJs.gzipBytes / LOGIN_JS_BUDGET_BYTES)}, ${kb(loginJs.bytes)} raw) ` +
    `${loginJs.gzipBytes <= LOGIN_JS_BUDGET_BYTES ? 'within budget' : 'OVER BUDGET'}`,
)
console.log(`  ${loginJs.files.join(', ')}`)
console.log(`login screen CSS: ${kb(loginCss.gzipBytes)} (${kb(loginCss.bytes)} raw)\n`)
console.log('Loaded later, each beyond what the login screen already has:')
for (const [label, key] of lazyParts) {
  if (!manifest[key]) {
    console.log(`  ${label}: not in this build (${key})`)
    continue
  }
  const files = lazyClosure(key)
  const js = await cost(files.filter((file) => file.endsWith('.js')))
  const other = await cost(files.filter((file) => !file.endsWith('.js')))
  console.log(
    `  ${label}: JS ${kb(js.gzipBytes)} (${kb(js.bytes)} raw)` +
      (other.files.length > 0
        ? `, other ${kb(other.gzipBytes)} (${kb(other.bytes)} raw: ${other.files.map((file) => path.basename(file)).join(', ')})`
        : ''),
  )
  for (const file of js.files) console.log(`    ${file}`)
}

function staticClosure(key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return []
  seen.add(key)
  for (const next of manifest[key]?.imports ?? []) staticClosure(next, seen)
  return [...seen]
}

/** A lazy part's files: its chunk, what it imports in any way, and their assets and CSS. */
function lazyClosure(key: string): string[] {
  const alreadyLoaded = new Set(entryKeys)
  const seen = new Set<string>()
  const files = new Set<string>()
  const visit = (next: string) => {
    if (seen.has(next) || alreadyLoaded.has(next)) return
    seen.add(next)
    const chunk = manifest[next]
    if (!chunk) return
    files.add(chunk.file)
    for (const file of [...(chunk.assets ?? []), ...(chunk.css ?? [])]) files.add(file)
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
      visit(imported)
    }
  }
  visit(key)
  return [...files]
}

async function cost(files: string[]): Promise<Cost> {
  let bytes = 0
  let gzipBytes = 0
  for (const file of files) {
    const content = await readFile(path.join(distDir, file))
    bytes += content.length
    gzipBytes += gzipSync(content, { level: 9 }).length
  }
  return { files, bytes, gzipBytes }
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`
}

function percent(ratio: number): string {
  return `${Math.round(ratio * 100)} %`
}
