/** Runs the latency figure's visitor (`own-event-latency.ts`) in a process of its own. */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { RunningServer } from '@fernwood/server/server'
import { enter } from './accounts.ts'

const run = promisify(execFile)
// Far beyond a thousand samples on a busy machine (seconds), short of a run left hanging.
const VISITOR_LIMIT_MS = 600_000

/**
 * One visitor, wallet bound to `waxAccount`, submitting the shared codes alone, each timed to
 * the event carrying it and to its answer; `gapMs` apart (0: each as soon as the last arrived).
 */
export async function submitToOwnEvent(
  server: RunningServer,
  waxAccount: string,
  { samples, gapMs = 0 }: { samples: number; gapMs?: number },
) {
  const { cookie } = await enter(server, waxAccount)
  const visitor = { url: server.url, cookie, samples, gapMs }
  // Asynchronously: this process serves the requests. Killed if an event never comes.
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('./own-event-latency.ts', import.meta.url)),
      JSON.stringify(visitor),
    ],
    { timeout: VISITOR_LIMIT_MS },
  )
  return JSON.parse(stdout) as { events: number[]; answers: number[] }
}
