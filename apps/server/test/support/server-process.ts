import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const serverMain = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/main.ts')

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer()
  probe.listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const address = probe.address()
  probe.close()
  if (!address || typeof address === 'string') throw new Error('no TCP address')
  return address.port
}

export interface ServerProcess {
  child: ChildProcess
  url: string
  output(): string
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>
}

/** Runs `npm start`'s server entry point as its own process, the way operators run it. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', serverMain], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  return { child, url: `http://127.0.0.1:${env.PORT}`, output: () => output, exited }
}

/** Waits until the process answers /api/health, or fails with what it printed. */
export async function untilHealthy(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let exitCode: number | null | undefined
  server.exited.then((code) => {
    exitCode = code
  })
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`server exited (${exitCode}):\n${server.output()}`)
    try {
      const response = await fetch(`${server.url}/api/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`server did not become healthy:\n${server.output()}`)
}
