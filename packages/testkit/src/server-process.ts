import { type ProcessOptions, type RunningProcess, spawnNodeScript } from './child-process.ts'
import { freePort } from './free-port.ts'
import { serverEntries } from './repository.ts'

export interface ServerProcess extends RunningProcess {
  /** `http://127.0.0.1:<port>` */
  url: string
}

export interface ServerOptions extends Omit<ProcessOptions, 'env'> {
  /** the script to run: the server's production build unless given */
  entry?: string
}

/**
 * Runs the server as its own process, the way operators run it, on `env.PORT`. Does not wait:
 * `untilHealthy` does.
 */
export function spawnServer(
  env: Record<string, string> & { PORT: string },
  options: ServerOptions = {},
): ServerProcess {
  const started = spawnNodeScript(options.entry ?? serverEntries.server, {
    ...options,
    env: { LOG_LEVEL: 'warn', ...env },
  })
  return { ...started, url: `http://127.0.0.1:${env.PORT}` }
}

export interface ReadinessOptions {
  /** what to ask: /api/health unless given */
  path?: string
  timeoutMs?: number
  /** how often to ask */
  intervalMs?: number
}

/**
 * Waits until `server` answers `path` with a success, or fails with what it printed: at once if
 * it ends, or when `timeoutMs` has passed.
 */
export async function untilHealthy(
  server: Pick<ServerProcess, 'url' | 'output' | 'exited'>,
  { path = '/api/health', timeoutMs = 90_000, intervalMs = 100 }: ReadinessOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let ended: Awaited<ServerProcess['exited']> | undefined
  server.exited.then((end) => {
    ended = end
  })
  while (Date.now() < deadline) {
    if (ended !== undefined) throw new Error(`${server.url} exited (${ended}):\n${server.output()}`)
    const answered = await fetch(`${server.url}${path}`).then(
      (response) => response.ok,
      () => false,
    )
    if (answered) return
    await new Promise((wake) => setTimeout(wake, intervalMs))
  }
  throw new Error(
    `${server.url} did not answer ${path} within ${timeoutMs} ms:\n${server.output()}`,
  )
}

/**
 * Starts the server on a free port (or `env.PORT`) and resolves once it answers; if it does not,
 * stops it and fails with what it printed.
 */
export async function startServer(
  env: Record<string, string>,
  options: ServerOptions & ReadinessOptions = {},
): Promise<ServerProcess> {
  const server = spawnServer({ ...env, PORT: env.PORT ?? String(await freePort()) }, options)
  try {
    await untilHealthy(server, options)
  } catch (error) {
    await server.stop('SIGKILL')
    throw error
  }
  return server
}
