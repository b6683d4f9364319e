import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const repoRoot = resolve(import.meta.dirname, '../..')
const serverEntry = 'apps/server/src/main.ts'
const webBuild = join(repoRoot, 'apps/web/dist/index.html')
const startTimeoutMs = 60_000
const stopTimeoutMs = 10_000
const keptLogChars = 200_000

/** How long starting and then stopping a server may take, for fixtures that wrap both. */
export const serverLifetimeBudgetMs = startTimeoutMs + stopTimeoutMs

/** One real Fernwood server on the devchain, with a `DATA_DIR` of its own. */
export interface FernwoodServer {
  /** `http://127.0.0.1:<port>`. */
  url: string
  dataDir: string
  /** Everything the server printed so far (the tail, if it printed a lot). */
  log(): string
  /** Stops the server and starts it again on the same port and `DATA_DIR`. */
  restart(): Promise<void>
}

export interface StartedServer extends FernwoodServer {
  /** Stops the server and removes its `DATA_DIR`. */
  stop(): Promise<void>
}

/**
 * Starts the server from source on a free port with a fresh `DATA_DIR`, serving the web build,
 * and resolves once it answers its health check. `extraEnv` adds to (or overrides) its settings.
 */
export async function startFernwoodServer(
  extraEnv: Record<string, string> = {},
): Promise<StartedServer> {
  if (!existsSync(webBuild)) {
    throw new Error(`${webBuild} is missing: run \`npm run build -w @fernwood/web\` first`)
  }
  const port = await findFreePort()
  const dataDir = await mkdtemp(join(tmpdir(), 'fernwood-e2e-'))
  const url = `http://127.0.0.1:${port}`
  let output = ''
  const record = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keptLogChars)
  }
  const start = () => startServer(port, dataDir, url, extraEnv, record, () => output)

  let running: ChildProcess | undefined
  try {
    running = await start()
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true })
    throw error
  }
  return {
    url,
    dataDir,
    log: () => output,
    restart: async () => {
      if (running) await stopServer(running)
      running = undefined
      running = await start()
    },
    stop: async () => {
      if (running) await stopServer(running)
      running = undefined
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** A TCP port nothing listens on at 127.0.0.1 right now, chosen by the OS. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => {
        if (address && typeof address === 'object') resolvePort(address.port)
        else reject(new Error('could not read the probe port'))
      })
    })
  })
}

async function startServer(
  port: number,
  dataDir: string,
  url: string,
  extraEnv: Record<string, string>,
  record: (chunk: Buffer) => void,
  output: () => string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      CHAIN: 'devchain',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', record)
  child.stderr?.on('data', record)

  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code, signal) => {
      reject(new Error(`server exited during start-up (${signal ?? `code ${code}`})`))
    })
    child.once('error', reject)
  })
  exited.catch(() => {})

  try {
    await Promise.race([waitForHealth(url), exited])
  } catch (error) {
    await stopServer(child)
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`${reason}; ${serverEntry} printed:\n${output()}`)
  }
  return child
}

async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + startTimeoutMs
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/health`)
      if (response.status === 200) return
    } catch {
      // Not listening yet.
    }
    await new Promise((wake) => setTimeout(wake, 100))
  }
  throw new Error(
    `server did not answer GET ${url}/api/health with 200 within ${startTimeoutMs} ms`,
  )
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs)
  await exited
  clearTimeout(timer)
}
