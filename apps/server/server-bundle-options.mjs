// How esbuild builds the server as the CommonJS bundle its start runs through V8's code cache
// (src/start): build.mjs builds dist/server.cjs with these, and the start's tests their fixture.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const serverRoot = path.dirname(fileURLToPath(import.meta.url))

/**
 * CommonJS, as Node 20 caches no ES module's code. Every bundled module's `import.meta.url` is
 * the bundle's own, as it is in an ES module bundle; any other `import.meta` field would be
 * missing, so it fails the build. An `import()` is a `require` when it runs: the bundle runs as a
 * script of V8's own, and Node 20 gives such a script's `import()` a loader only as an
 * experimental feature. So every package left outside the bundle is loaded as CommonJS (PGlite's
 * CommonJS build among them), and none may be an ES module only.
 */
export const serverBundleOptions = {
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  define: { 'import.meta.url': 'importMetaUrl' },
  inject: [path.join(serverRoot, 'src/start/import-meta-url.ts')],
  logOverride: { 'empty-import-meta': 'error' },
  supported: { 'dynamic-import': false },
}
