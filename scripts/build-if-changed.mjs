// `npm start`'s first step: rebuilds the web app and the server only when their sources changed
// since the build in place, so a warm start skips straight to running the server. Arguments
// name the builds to check (`server`, `web`); none means both. It reports on stderr, so the
// admin CLI's output stays its own.
//
// A build records a fingerprint of its inputs (a SHA-256 over their paths and contents) in its
// output folder; a build whose fingerprint matches is kept. Contents, not modification times, so
// a checkout that only touches files does not rebuild, and a failed build (no fingerprint
// written) is retried on the next start.
//
// Two of these may start together (`npm start` beside `npm run worker`, or two test files), and a
// build empties its output folder before writing it again: one at a time checks and builds, under
// a lock file (proper-lockfile: atomic, and a lock whose holder died goes stale rather than
// blocking every later start), so the second finds the first's build in place.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { lock } from 'proper-lockfile'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const FINGERPRINT_FILE = '.build-fingerprint'
/** Never inputs: installed packages, build outputs, runtime data and the tests. */
const SKIPPED = new Set(['node_modules', 'dist', 'data', 'test', 'test-results', '.vite'])

const targets = [
  {
    name: 'web',
    workspace: '@fernwood/web',
    output: 'apps/web/dist',
    inputs: ['apps/web', 'packages', 'package-lock.json'],
  },
  {
    name: 'server',
    workspace: '@fernwood/server',
    output: 'apps/server/dist',
    inputs: ['apps/server', 'packages', 'package-lock.json'],
  },
]

const wanted = process.argv.slice(2)
const release = await lock(root, {
  lockfilePath: path.join(root, 'node_modules', '.fernwood-build.lock'),
  // A cold build takes a minute or two on a slow machine: wait up to 10 minutes, four times a second.
  retries: { retries: 2400, factor: 1, minTimeout: 250, maxTimeout: 250 },
})
for (const { name, workspace, output, inputs } of targets) {
  if (wanted.length > 0 && !wanted.includes(name)) continue
  const fingerprint = fingerprintOf(inputs)
  const recorded = path.join(root, output, FINGERPRINT_FILE)
  if (existsSync(recorded) && readFileSync(recorded, 'utf8') === fingerprint) continue
  console.error(`${workspace}: sources changed since the last build; building`)
  // Not spawnSync: the lock stays fresh only while this process's event loop runs.
  // A production build whatever NODE_ENV the caller runs under: a test runner's 'test' would
  // otherwise give React's development build, StrictMode's doubled effects and all.
  const build = spawn('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', process.stderr, process.stderr],
  })
  const [status] = await once(build, 'exit')
  if (status !== 0) {
    await release()
    process.exit(status ?? 1)
  }
  writeFileSync(recorded, fingerprint)
}
await release()

function fingerprintOf(inputs) {
  const hash = createHash('sha256')
  for (const file of inputs.flatMap((input) => filesUnder(path.join(root, input))).sort()) {
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0')
  }
  return hash.digest('hex')
}

function filesUnder(entry) {
  if (!existsSync(entry)) return []
  if (!statSync(entry).isDirectory()) return [entry]
  return readdirSync(entry, { withFileTypes: true })
    .filter((child) => !SKIPPED.has(child.name) && !child.name.endsWith('.test.ts'))
    .flatMap((child) => filesUnder(path.join(entry, child.name)))
}
