// Run inside the production image (deploy/build-image.sh pipes it to `node --input-type=module -`
// from /app): every package the compiled server's entry points still import from node_modules,
// statically or lazily, resolves there. The build lists them, per entry point, from the bundler's
// record (apps/server/dist/external-packages.json). The smoke run starts only main.js (which runs
// server.cjs); this also covers worker.js and admin.js, and the imports the server makes only on
// some paths.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const externalPackages = JSON.parse(readFileSync('apps/server/dist/external-packages.json', 'utf8'))
const entryPoints = ['main.js', 'server.cjs', 'worker.js', 'admin.js']

const unresolved = []
let checked = 0
for (const entryPoint of entryPoints) {
  const specifiers = externalPackages[entryPoint]
  if (!Array.isArray(specifiers)) {
    unresolved.push(`${entryPoint} is not in the build's list`)
    continue
  }
  for (const specifier of specifiers) {
    checked += 1
    try {
      // The server's CommonJS bundle requires its packages, as the others import theirs.
      if (entryPoint.endsWith('.cjs')) createRequire(import.meta.url).resolve(specifier)
      else import.meta.resolve(specifier)
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
