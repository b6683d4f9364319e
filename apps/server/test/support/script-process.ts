import path from 'node:path'
import { type RunningProcess, spawnNodeScript } from '@fernwood/testkit'

const serverRoot = path.resolve(import.meta.dirname, '../..')

export type ScriptProcess = RunningProcess

/**
 * Runs one of our entry points as its own process: a built one (`serverEntries`) or a test's own
 * TypeScript script, relative to apps/server.
 */
export function spawnScript(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): ScriptProcess {
  return spawnNodeScript(path.resolve(serverRoot, script), {
    cwd: serverRoot,
    env: { LOG_LEVEL: 'warn', ...env },
    args,
  })
}

/** Ends a process if it is still running and waits until it has. */
export function stopScript(script: ScriptProcess, signal: NodeJS.Signals = 'SIGTERM') {
  return script.stop(signal)
}
