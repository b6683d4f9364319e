/**
 * What each part of the web app costs a visitor: the JavaScript the login screen needs before it
 * is interactive (against its budget), the lazily loaded parts (dashboard, QR decoder with its
 * .wasm, console, languages), and the wallet kit part by part: its shell, which draws the wallet
 * list, and each wallet's chunk, fetched when chosen. Then the kit as Chromium fetches it from the
 * real server, per wallet list, against its budget (kit-on-the-wire.ts). Prints figures; asserts
 * nothing.
 *
 *   npx tsx bench/bundle-size.ts            # builds apps/web first
 *   npx tsx bench/bundle-size.ts --no-build # reads the existing apps/web/dist
 *   WEB_DIST=/tmp/web npx tsx bench/bundle-size.ts   # builds into, and serves, that folder instead
 */
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { build, type Manifest } from 'vite'
import { printKitOnTheWire } from './kit-on-the-wire.ts'
import { type BundleCost, filesCost, lazyFiles, staticClosure, staticFiles } from './vite-bundle.ts'

const webRoot = path.resolve(import.meta.dirname, '../apps/web')
// As the e2e suite's WEB_DIST: a build beside apps/web/dist, leaving that one as it is.
const distDir = process.env.WEB_DIST
  ? path.resolve(process.env.WEB_DIST)
  : path.join(webRoot, 'dist')
const LOGIN_JS_BUDGET_BYTES = 90 * 1024

if (!process.argv.includes('--no-build')) {
  await build({ root: webRoot, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } })
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
  ['dashboard', 'src/screens/dashboard/dashboard.tsx'],
  ['QR decoder (zxing-wasm)', 'src/qr/zxing.ts'],
  // Operators only, at /admin; its four translations are counted in, one is fetched per language.
  ['operator console (with Chartist and its translations)', 'src/console/console.tsx'],
  // One language's texts each; English is in the login screen's JS.
  ['Korean texts', 'src/i18n/ko.ts'],
  ["Simplified Chinese texts (also the kit's plain zh)", 'src/i18n/zh-hans.ts'],
  ['Traditional Chinese texts', 'src/i18n/zh-hant.ts'],
  ['Turkish texts', 'src/i18n/tr.ts'],
]

console.log(`Web app bundle, gzip -9 (${path.relative(process.cwd(), distDir)})\n`)
console.log(
  `login screen JS:  ${kb(loginJs.gzipBytes)} of a ${kb(LOGIN_JS_BUDGET_BYTES)} budget ` +
    `(${percent(loginJs.gzipBytes / LOGIN_JS_BUDGET_BYTES)}, ${kb(loginJs.bytes)} raw) ` +
    `${loginJs.gzipBytes <= LOGIN_JS_BUDGET_BYTES ? 'within budget' : 'OVER BUDGET'}`,
)
console.log(`  ${loginJs.files.join(', ')}`)
console.log(`login screen CSS: ${kb(loginCss.gzipBytes)} (${kb(loginCss.bytes)} raw)`)
const fonts = await latinFontsOf(loginCss.files)
console.log(
  `login screen fonts (its English text fetches the Latin subsets): ${kb(fonts.bytes)} ` +
    `(woff2, compressed already) ${fonts.files.map((file) => path.basename(file)).join(', ')}\n`,
)
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

// The wallet kit: its shell (SessionKit, the web renderer, the wallet list drawn from each
// wallet's metadata), then each wallet's own chunk, fetched when the visitor chooses it, and what
// that chunk fetches only on use.
const kitKey = 'src/wallet/kit.ts'
const shellKeys = staticClosure(manifest, kitKey)
const shell = await filesCost(staticFiles(manifest, kitKey, []), distDir)
const devWalletKey = '../../packages/devwallet/src/index.ts'
const devWallet = await filesCost(staticFiles(manifest, devWalletKey, shellKeys), distDir)
const wallets: Array<[string, string, string?]> = [
  [
    'Cloud Wallet 1.5.0',
    'src/wallet/cloud-wallet.ts',
    "its AppSync client, for the phone app's direct connect",
  ],
  ['Cloud Wallet current', 'src/wallet/cloud-wallet-current.ts'],
  ['Anchor', 'src/wallet/anchor.ts'],
  ['Wombat (with the Scatter protocol)', 'src/wallet/wombat.ts'],
]
const accountCreators: Array<[string, string]> = [
  [
    "Anchor's account creation",
    '../../node_modules/@wharfkit/account-creation-plugin-anchor/lib/account-creation-plugin-anchor.m.js',
  ],
]

console.log("\nWallet kit, beyond the login screen's JS:")
console.log(`  shell (SessionKit, web renderer, wallet list): ${cost(shell)}`)
for (const file of shell.files) console.log(`    ${file}`)
console.log("  each wallet's chunk, fetched when chosen:")
console.log(`    Dev Wallet (devchain only, fetched with the shell): ${cost(devWallet)}`)
for (const [label, key, onUse] of wallets) {
  if (!manifest[key]) {
    console.log(`    ${label}: not in this build (${key})`)
    continue
  }
  const ownKeys = staticClosure(manifest, key).filter((next) => !shellKeys.includes(next))
  const chunk = await filesCost(staticFiles(manifest, key, shellKeys), distDir)
  console.log(`    ${label}: ${cost(chunk)}  ${chunk.files.join(', ')}`)
  // What the wallet's own chunks import on demand, beyond the shell and themselves.
  const onDemand = ownKeys
    .flatMap((own) => manifest[own].dynamicImports ?? [])
    .flatMap((next) => staticFiles(manifest, next, [...shellKeys, ...ownKeys]))
  if (onUse && onDemand.length > 0) {
    console.log(`      then ${onUse}: ${cost(await filesCost([...new Set(onDemand)], distDir))}`)
  }
}
console.log("  account creation providers, fetched at 'Create Account':")
for (const [label, key] of accountCreators) {
  if (!manifest[key]) continue
  console.log(
    `    ${label}: ${cost(await filesCost(staticFiles(manifest, key, shellKeys), distDir))}`,
  )
}

await printKitOnTheWire(distDir, manifest)

function cost({ bytes, gzipBytes, brotliBytes }: BundleCost): string {
  return `${kb(bytes)} raw, ${kb(gzipBytes)} gzip, ${kb(brotliBytes)} brotli`
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`
}

function percent(ratio: number): string {
  return `${Math.round(ratio * 100)} %`
}

/**
 * The web fonts the login screen's CSS declares for Latin text ('A', U+0041, in its
 * unicode-range): the ones a page in English fetches; other subsets load only for their scripts.
 */
async function latinFontsOf(cssFiles: string[]): Promise<{ files: string[]; bytes: number }> {
  const files: string[] = []
  for (const cssFile of cssFiles) {
    const css = await readFile(path.join(distDir, cssFile), 'utf8')
    for (const [face] of css.matchAll(/@font-face\s*{[^}]*}/g)) {
      const url = /url\(["']?\/?([^"')]+)["']?\)/.exec(face)?.[1]
      const ranges = /unicode-range:([^;}]+)/.exec(face)?.[1] ?? 'U+0-10FFFF'
      if (url && coversLatinA(ranges)) files.push(url)
    }
  }
  const sizes = await Promise.all(files.map((file) => stat(path.join(distDir, file))))
  return { files, bytes: sizes.reduce((sum, { size }) => sum + size, 0) }
}

/** Whether a unicode-range ('U+0-FF', 'U+??' as minifiers write it, 'U+131') holds U+0041. */
function coversLatinA(ranges: string): boolean {
  return ranges.split(',').some((range) => {
    const [from, to = from] = range.trim().replace(/^U\+/i, '').split('-')
    const low = Number.parseInt(from.replaceAll('?', '0'), 16)
    const high = Number.parseInt(to.replaceAll('?', 'F'), 16)
    return low <= 0x41 && 0x41 <= high
  })
}
