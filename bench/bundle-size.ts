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
import { build, type Manifest } from 'vite'
import { filesCost, lazyFiles, staticClosure } from './vite-bundle.ts'

const webRoot = path.resolve(import.meta.dirname, '../apps/web')
const distDir = path.join(webRoot, 'dist')
const LOGIN_JS_BUDGET_BYTES = 90 * 1024

if (!process.argv.includes('--no-build')) {
  await build({ root: webRoot, logLevel: 'warn' })
}
const manifest = JSON.parse(
  await readFile(path.join(distDir, '.vite/manifest.json'), 'utf8'),
) as Manifest

// index.html's module and its static imports: everything the browser runs before React renders
// the first screen. The rest is fetched with import(), after the first paint or on demand.
const entryKeys = staticClosure(manifest, 'index.html')
const loginJs = await filesCost(
  entryKeys.map((key) => manifest[key].file),
  distDir,
)
const loginCss = await filesCost(
  entryKeys.flatMap((key) => manifest[key].css ?? []),
  distDir,
)

const lazyParts: Array<[string, string]> = [
  ['dashboard', 'src/screens/Dashboard/Dashboard.tsx'],
  ['wallet kit (with its wallet plugins)', 'src/wallet/kit.ts'],
  ['QR decoder (zxing-wasm)', 'src/qr/zxing.ts'],
  // Operators only, at /admin; its four translations are counted in, one is fetched per language.
  ['operator console (with Chartist and its translations)', 'src/console/Console.tsx'],
  // One language's texts each; English is in the login screen's JS.
  ['Korean texts', 'src/i18n/ko.ts'],
  ["Simplified Chinese texts (also the kit's plain zh)", 'src/i18n/zh-Hans.ts'],
  ['Traditional Chinese texts', 'src/i18n/zh-Hant.ts'],
  ['Turkish texts', 'src/i18n/tr.ts'],
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
  const files = lazyFiles(manifest, key)
  const js = await filesCost(
    files.filter((file) => file.endsWith('.js')),
    distDir,
  )
  const other = await filesCost(
    files.filter((file) => !file.endsWith('.js')),
    distDir,
  )
  console.log(
    `  ${label}: JS ${kb(js.gzipBytes)} (${kb(js.bytes)} raw)` +
      (other.files.length > 0
        ? `, other ${kb(other.gzipBytes)} (${kb(other.bytes)} raw: ${other.files.map((file) => path.basename(file)).join(', ')})`
        : ''),
  )
  for (const file of js.files) console.log(`    ${file}`)
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`
}

function percent(ratio: number): string {
  return `${Math.round(ratio * 100)} %`
}
