import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export interface ScriptProcess {
  child: ChildProcess
  output(): string
  /** Resolves once the process has ended: its exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals | null>
}

/** Runs one of our TypeScript entry points (relative to apps/server) as its own process. */
export function spawnScript(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): ScriptProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(serverRoot, script), ...args],
    {
      cwd: serverRoot,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = once(child, 'exit').then(
    ([code, signal]) => (code ?? signal) as number | NodeJS.Signals | null,
  )
  return { child, output: () => output, exited }
}

/** Ends a process if it is still running and waits until it has. */
export async function stopScript(script: ScriptProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (script.child.exitCode === null && script.child.signalCode === null) script.child.kill(signal)
  return script.exited
}
