// Run inside the production image (deploy/build-image.sh pipes it to `node --input-type=module -`
// from /app): every package the compiled server's entry points import, statically or lazily,
// resolves from the image's node_modules. The smoke run starts only main.js; this also covers
// worker.js and admin.js, and the imports main.js makes only on some paths.
import { readFileSync } from 'node:fs'

const entryPoints = ['main.js', 'worker.js', 'admin.js']
// esbuild's output spells imports `from "x"` and `import("x")`; bundled strings may look alike,
// so only what could be a package name counts.
const importedSpecifier = /(?:\bfrom|\bimport)\s*\(?\s*"([^"]+)"/g
const packageName = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w./-]+)?$/

const unresolved = []
let checked = 0
for (const entryPoint of entryPoints) {
  const code = readFileSync(`apps/server/dist/${entryPoint}`, 'utf8')
  const specifiers = new Set([...code.matchAll(importedSpecifier)].map((match) => match[1]))
  for (const specifier of specifiers) {
    if (specifier.startsWith('node:') || !packageName.test(specifier)) continue
    checked += 1
    try {
      import.meta.resolve(specifier)
    } catch {
      unresolved.push(`${entryPoint} imports ${specifier}`)
    }
  }
}
if (unresolved.length > 0) {
  console.error(`not in the image's node_modules:\n  ${unresolved.join('\n  ')}`)
  process.exit(1)
}
console.log(`image: ${checked} package imports of ${entryPoints.join(', ')} resolve`)
