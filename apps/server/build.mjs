// Compiles the server to JavaScript for production: `node dist/main.js` runs it without tsx.
// dist/main.js (the server), dist/worker.js (`npm run worker`), dist/admin.js (the admin CLI),
// and the files bundled modules read beside the code that runs them: dist/migrations and
// dist/functions (the database opener) and dist/dev-anchor-page.js (the Dev Anchor page's script).
import { cp, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const serverRoot = path.dirname(fileURLToPath(import.meta.url))
const dist = path.join(serverRoot, 'dist')
// Built beside dist and put in its place when complete: a server starting meanwhile (a test run's,
// or `npm start` beside a rebuild) reads the whole previous build or the whole new one.
const outdir = `${dist}.next-${process.pid}`

/**
 * Our workspace packages (@fernwood/*) publish TypeScript sources, so they are bundled; every
 * other package is loaded from node_modules at run time, as npm installed it (some hold wasm or
 * native files that a bundle could not carry).
 */
const installedPackagesStayExternal = {
  name: 'installed-packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
      specifier.startsWith('@fernwood/') ? undefined : { path: specifier, external: true },
    )
  },
}

await build({
  absWorkingDir: serverRoot,
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker-main.ts',
    admin: 'src/admin/main.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Stack traces point into the TypeScript sources (start with --enable-source-maps).
  sourcemap: true,
  plugins: [installedPackagesStayExternal],
  logLevel: 'warning',
})
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
