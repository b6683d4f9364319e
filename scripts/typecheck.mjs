// `npm run typecheck`: every workspace's own typecheck script, two at a time. Each is one `tsc`
// process, single-threaded and CPU-bound: run one after another they left a core idle for a
// minute and a half of every test run. The largest start first, so the two queues end together.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
const FIRST = ['apps/server', 'apps/web', 'e2e']
const PARALLEL = 2

// The workspaces as package.json names them, `packages/*` read as the folders it stands for.
const dirs = workspaces.flatMap((entry) =>
  entry.endsWith('/*')
    ? readdirSync(path.join(root, entry.slice(0, -2))).map(
        (name) => `${entry.slice(0, -2)}/${name}`,
      )
    : [entry],
)
const pending = dirs
  .filter((dir) => existsSync(path.join(root, dir, 'package.json')))
  .filter(
    (dir) =>
      JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).scripts?.typecheck,
  )
  .sort((a, b) => (FIRST.includes(b) ? 1 : 0) - (FIRST.includes(a) ? 1 : 0))

let failed = false
async function drain() {
  for (let dir = pending.shift(); dir !== undefined; dir = pending.shift()) {
    const check = spawn('npm', ['run', 'typecheck', '--silent'], {
      cwd: path.join(root, dir),
      stdio: 'inherit',
    })
    const [status] = await once(check, 'exit')
    if (status !== 0) {
      failed = true
      console.error(`typecheck failed in ${dir}`)
    }
  }
}
await Promise.all(Array.from({ length: PARALLEL }, drain))
process.exit(failed ? 1 : 0)
