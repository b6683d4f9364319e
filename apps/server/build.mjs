// Compiles the server to JavaScript for production: `node dist/main.js` runs it without tsx.
// dist/server.cjs (the server), run by dist/main.js (src/start: through V8's code cache),
// dist/worker.js (`npm run worker`), dist/admin.js (the admin CLI), each with the packages it
// uses bundled in, and the files bundled modules read beside the code that runs them:
// dist/migrations and dist/functions (the database opener) and dist/dev-anchor-page.js (the Dev
// Anchor page's script), and dist/external-packages.json: what each entry point still imports
// from node_modules, which the production image checks it has.
import { cp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { serverBundleOptions } from './server-bundle-options.mjs'

const serverRoot = path.dirname(fileURLToPath(import.meta.url))
const dist = path.join(serverRoot, 'dist')
// Built beside dist and put in its place when complete: a server starting meanwhile (a test run's,
// or `npm start` beside a rebuild) reads the whole previous build or the whole new one.
const outdir = `${dist}.next-${process.pid}`

/**
 * Installed packages that stay in node_modules, loaded at run time as npm installed them: PGlite
 * reads its WASM and data files beside its own code, pino starts its transports from files of
 * its own, and pg loads pg-native, an optional native module, when asked for it.
 */
const loadedFromNodeModules = ['@electric-sql/pglite', 'pino', 'pino-pretty', 'pg']
const isLoadedFromNodeModules = (specifier) =>
  loadedFromNodeModules.some((name) => specifier === name || specifier.startsWith(`${name}/`))

/**
 * Every other package is bundled, as our workspace packages (@fernwood/*, TypeScript sources)
 * are: loading some 1,500 installed modules one by one (TypeBox alone is 680) cost every start of
 * the server about 300 ms.
 */
const someInstalledPackagesStayExternal = {
  name: 'some-installed-packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
      isLoadedFromNodeModules(specifier) ? { path: specifier, external: true } : undefined,
    )
  },
}

const common = {
  absWorkingDir: serverRoot,
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  // Stack traces point into the TypeScript sources (start with --enable-source-maps, or
  // src/start/source-mapped-stacks.ts for the server); the maps name the sources rather than
  // carry them, which would triple what a start reads and parses.
  sourcemap: true,
  sourcesContent: false,
  plugins: [someInstalledPackagesStayExternal],
  logLevel: 'warning',
  metafile: true,
}
const builds = await Promise.all([
  build({
    ...common,
    entryPoints: { worker: 'src/worker-main.ts', admin: 'src/admin/main.ts' },
    format: 'esm',
    // Bundled CommonJS packages require Node's modules, which an ES module does through this.
    banner: {
      js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
    },
  }),
  build({ ...common, ...serverBundleOptions, entryPoints: { server: 'src/main.ts' } }),
  build({ ...common, entryPoints: { main: 'src/start/main.ts' }, format: 'esm' }),
])
const metafile = { outputs: Object.assign({}, ...builds.map((result) => result.metafile.outputs)) }
// From the bundler's own record rather than a scan of the output, where bundled code's strings
// can look like imports. The bundler leaves a few other imports external: Node's modules, and
// optional ones a bundled package requires inside a try (ws's bufferutil and utf-8-validate);
// any other import it cannot find fails the build. A package our code `require`s by name, only
// when it needs it, is not in that record: it is named here, by the source that requires it.
const requiredByName = { 'src/logging/logger-options.ts': ['pino-pretty'] }
const externalPackages = Object.fromEntries(
  Object.entries(metafile.outputs)
    .filter(([, output]) => output.entryPoint)
    .map(([file, output]) => [
      path.basename(file),
      [
        ...new Set([
          ...output.imports
            .filter((imported) => imported.external && isLoadedFromNodeModules(imported.path))
            .map((imported) => imported.path),
          ...Object.entries(requiredByName).flatMap(([source, names]) =>
            source in output.inputs ? names : [],
          ),
        ]),
      ].sort(),
    ]),
)
// Bundled packages' comments keep some characters beyond Latin-1 (undici's "response’s"), and a
// single one makes V8 hold the whole script as two-byte text: the server's 6 MB took 12 MB of
// every server's heap. esbuild escapes them in strings, untagged templates and names (its default
// charset); in a tagged template's raw text or after a backslash, an escape would change what
// the code means, so only comments are escaped here: a line that is one (`//`, or inside a
// `/* */` block), or the tail of a line after ` // `. Whatever is left is named, as it costs the
// heap that much again.
const commentLine = /^\s*(?:\/\/|\/\*|\*|\(\*)/
const trailingComment = /^(.*?\s)(\/\/\s.*)$/
const beyondAscii = /[\u0080-\uffff]/
const escaped = (text) =>
  text.replace(
    new RegExp(beyondAscii.source, 'g'),
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
for (const file of Object.keys(metafile.outputs).filter((name) => /\.c?js$/.test(name))) {
  const code = await readFile(path.join(serverRoot, file), 'utf8')
  if (!beyondAscii.test(code)) continue
  const lines = code.split('\n').map((line) => {
    if (!beyondAscii.test(line)) return line
    if (commentLine.test(line)) return escaped(line)
    const tail = trailingComment.exec(line)
    return tail && !beyondAscii.test(tail[1]) ? tail[1] + escaped(tail[2]) : line
  })
  const left = lines.flatMap((line, index) => (beyondAscii.test(line) ? [index + 1] : []))
  if (left.length > 0) {
    console.warn(
      `${path.basename(file)} keeps characters beyond ASCII outside comments (lines ${left.join(', ')}): V8 holds it as two-byte text`,
    )
  }
  await writeFile(path.join(serverRoot, file), lines.join('\n'))
}
await writeFile(
  path.join(outdir, 'external-packages.json'),
  `${JSON.stringify(externalPackages, null, 2)}\n`,
)
for (const folder of ['migrations', 'functions']) {
  await cp(path.join(serverRoot, 'src/db', folder), path.join(outdir, folder), { recursive: true })
}
await cp(
  path.join(serverRoot, '../../packages/devanchor/src/page/dev-anchor-page.js'),
  path.join(outdir, 'dev-anchor-page.js'),
)
const previous = `${dist}.previous-${process.pid}`
await rename(dist, previous).catch((error) => {
  if (error.code !== 'ENOENT') throw error
})
await rename(outdir, dist)
await rm(previous, { recursive: true, force: true })
