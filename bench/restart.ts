/**
 * Restart and memory figures for `npm start`'s server process (apps/server/dist/main.js, built
 * first as `npm start` builds it), on loopback:
 * - from SIGKILL of a running server on the embedded default (PGlite and the devchain in
 *   DATA_DIR) to a new start answering /api/health, killed as a supervisor kills a process group
 *   and restarted at once on the same DATA_DIR and port, a start refused ("DATA_DIR … is in use")
 *   being started again at once: median and max over the runs, and how many starts were refused;
 *   the server it kills first ran until it wrote its code cache, as one that has served a while;
 * - the server's RSS at rest (before any visitor) after its first start and after a restart, and
 *   on PostgreSQL when TEST_DATABASE_URL names a server, beside the floor: a bare node process
 *   and PGlite alone, opened on the same data with the server's settings (its start parameters,
 *   V8's tiering budget).
 * Prints figures only.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGLITE_START_PARAMS } from '@fernwood/server/pglite-database'
import { WASM_TIERING_FLAG } from '@fernwood/server/wasm-tiering'
import {
  createThrowawayDatabase,
  ensureServerBuild,
  freePort,
  type RunningProcess,
  repositoryRoot,
  spawnProcess,
  untilHealthy,
} from '@fernwood/testkit'
import { percentile } from './figures.ts'

const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 5)
// Long enough for V8's memory reducer to collect start-up's garbage and shrink the heap of an
// idle process: some 20 s after the server is ready.
const REST_MS = Number(process.env.BENCH_REST_MS ?? 25_000)

const IN_USE = 'is in use by another running Fernwood process'
const CODE_CACHE = path.join(repositoryRoot, 'apps/server/dist/server.cjs.code-cache')

type Started = RunningProcess

/** `command` in a process group of its own, as a supervisor runs one. */
function run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  cwd = repositoryRoot,
): Started {
  return spawnProcess(command, args, { cwd, env, detached: true })
}

/** The server with `env` over its defaults; resolves once it answers, or to 'refused'. */
async function startServer(env: Record<string, string>): Promise<Started | 'refused'> {
  // Under a shell, as `npm start` runs it: killing the group orphans the dying server, for init
  // to reap when it gets to it.
  const shell = '"$0" apps/server/dist/main.js & echo "pid $!"; wait $!'
  const server = run('sh', ['-c', shell, process.execPath], {
    LOG_LEVEL: 'warn',
    // Set, even empty, so that no DATABASE_URL from .env applies to the embedded default.
    DATABASE_URL: '',
    ...env,
  })
  try {
    await untilHealthy(
      { url: `http://127.0.0.1:${env.PORT}`, ...server },
      { timeoutMs: 120_000, intervalMs: 10 },
    )
    return server
  } catch (error) {
    if (server.output().includes(IN_USE)) return 'refused'
    throw error
  }
}

async function startedServer(env: Record<string, string>): Promise<Started> {
  const server = await startServer(env)
  if (server === 'refused') throw new Error(`refused:\n${env.DATA_DIR}`)
  return server
}

/** The server's own pid, which its shell printed. */
const serverPid = (server: Started) => Number(/^pid (\d+)$/m.exec(server.output())?.[1])

/** Whether `file` exists within `timeoutMs`. */
async function untilExists(file: string, timeoutMs: number): Promise<boolean> {
  const until = performance.now() + timeoutMs
  while (!existsSync(file)) {
    if (performance.now() > until) return false
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return true
}

/** Its RSS in MB now. */
function rss(pid: number | undefined): string {
  const status = `/proc/${pid}/status`
  if (!existsSync(status)) return 'n/a (no /proc)'
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(status, 'utf8'))?.[1])
  return `${(kilobytes / 1024).toFixed(0)} MB`
}

/** Ends the process group, and waits until its main process (a server, not its shell) is gone. */
async function stop(started: Started) {
  const pid = serverPid(started) || started.child.pid
  process.kill(-(started.child.pid as number), 'SIGTERM')
  for (;;) {
    try {
      process.kill(pid as number, 0)
    } catch {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * A process that prints a line once `code` (an ES module) is done, then idles; `nodeOptions`
 * before the code.
 */
async function idleProcess(
  code: string,
  args: string[] = [],
  nodeOptions: string[] = [],
): Promise<Started> {
  const started = run(
    process.execPath,
    [
      ...nodeOptions,
      '--input-type=module',
      '-e',
      `${code}\nsetInterval(() => {}, 60_000)`,
      ...args,
    ],
    {},
    path.join(repositoryRoot, 'apps/server'),
  )
  while (!started.output().includes('\n')) {
    if (started.child.exitCode !== null) throw new Error(started.output())
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return started
}

ensureServerBuild()

const scratch = await mkdtemp(path.join(tmpdir(), 'fernwood-bench-restart-'))
const database = process.env.TEST_DATABASE_URL
  ? await createThrowawayDatabase('fernwood_bench')
  : undefined
const running: Started[] = []
const serverOn = async (env: Record<string, string>) => {
  const server = await startedServer({ PORT: String(await freePort()), ...env })
  running.push(server)
  return server
}
try {
  const restartEnv = { PORT: String(await freePort()), DATA_DIR: path.join(scratch, 'restarted') }
  // The cache an earlier run left is not this run's to report.
  rmSync(CODE_CACHE, { force: true })
  const firstStartedAt = performance.now()
  let server = await startedServer(restartEnv)
  const firstStartMs = performance.now() - firstStartedAt
  // A server that is killed has run a while: long enough to write the code cache its next start
  // compiles the bundle from (apps/server/src/start).
  const codeCached = await untilExists(CODE_CACHE, 60_000)
  const restartMs: number[] = []
  let refused = 0
  for (let restart = 0; restart < RESTARTS; restart++) {
    const killedAt = performance.now()
    process.kill(-(server.child.pid as number), 'SIGKILL')
    for (;;) {
      const started = await startServer(restartEnv)
      if (started !== 'refused') {
        server = started
        break
      }
      refused++
    }
    restartMs.push(performance.now() - killedAt)
  }
  running.push(server)

  // The rest of the processes start now, and all rest together.
  const afterFirstStart = await serverOn({ DATA_DIR: path.join(scratch, 'first-start') })
  const onPostgres =
    database &&
    (await serverOn({ DATA_DIR: path.join(scratch, 'postgres'), DATABASE_URL: database.url }))
  // PGlite alone on a cluster made as the server makes it: by a process that then ends.
  const floorData = path.join(scratch, 'pglite-alone')
  const creator = run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { PGlite } = await import('@electric-sql/pglite')
     await (await PGlite.create(process.argv[1])).close()`,
      floorData,
    ],
    {},
    path.join(repositoryRoot, 'apps/server'),
  )
  await creator.exited
  const pgliteAlone = await idleProcess(
    `const [dataDir, ...startParams] = process.argv.slice(1)
     const { PGlite } = await import('@electric-sql/pglite')
     await PGlite.create(dataDir, { startParams })
     console.log('ready')`,
    [floorData, ...PGLITE_START_PARAMS],
    [WASM_TIERING_FLAG],
  )
  const bareNode = await idleProcess(`console.log('ready')`)
  running.push(pgliteAlone, bareNode)
  await new Promise((resolve) => setTimeout(resolve, REST_MS))

  console.log(
    `first start on an empty DATA_DIR (creating PGlite's cluster): ${firstStartMs.toFixed(0)} ms`,
  )
  console.log(
    `SIGKILL → ready again, embedded default, ${RESTARTS} runs: median ${percentile(restartMs, 0.5).toFixed(0)} ms, max ${Math.max(...restartMs).toFixed(0)} ms; starts refused: ${refused}; ${codeCached ? 'from the code cache' : 'no code cache written'}`,
  )
  console.log(`RSS at rest (at least ${REST_MS / 1000} s after ready, before any visitor):`)
  console.log(`  embedded default, after its first start: ${rss(serverPid(afterFirstStart))}`)
  console.log(`  embedded default, after a restart:       ${rss(serverPid(server))}`)
  if (onPostgres)
    console.log(`  PostgreSQL:                              ${rss(serverPid(onPostgres))}`)
  console.log(`  floor: PGlite alone, same settings:      ${rss(pgliteAlone.child.pid)}`)
  console.log(`  floor: a bare node process:              ${rss(bareNode.child.pid)}`)
} finally {
  for (const started of running) await stop(started)
  await database?.drop()
  await rm(scratch, { recursive: true, force: true })
}
