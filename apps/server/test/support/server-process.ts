import { once } from 'node:events'
import { createServer } from 'node:net'
import { type ScriptProcess, spawnScript } from './script-process.ts'

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

export interface ServerProcess extends ScriptProcess {
  url: string
}

/** Runs `npm start`'s server entry point as its own process, the way operators run it. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  return {
    ...spawnScript('src/main.ts', { LOG_LEVEL: 'info', ...env }),
    url: `http://127.0.0.1:${env.PORT}`,
  }
}

/** Waits until the process answers /api/health, or fails with what it printed. */
export async function untilHealthy(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let exitCode: Awaited<ServerProcess['exited']> | undefined
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
