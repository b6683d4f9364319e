import { type ChildProcess, spawn } from 'node:child_process'
import { repositoryRoot } from './repository.ts'

export interface ProcessOptions {
  /** where it runs: the repository's root unless given */
  cwd?: string
  /** added to (or overriding) this process's environment */
  env?: Record<string, string>
  /** in a process group of its own, as a supervisor or a terminal runs one */
  detached?: boolean
  /** how much of its output to keep, from the end: all of it unless given */
  keptOutputChars?: number
}

/** How a process ended: its exit code, or the signal that ended it. */
export type ProcessEnd = number | NodeJS.Signals | null

export interface RunningProcess {
  child: ChildProcess
  /** what it printed on stdout and stderr so far */
  output(): string
  /** resolves once the process has ended */
  exited: Promise<ProcessEnd>
  /** sends `signal` unless it has ended already, and resolves once it has */
  stop(signal?: NodeJS.Signals, options?: { killAfterMs?: number }): Promise<ProcessEnd>
}

/** Starts `command` with its output kept for the test to read or print when it fails. */
export function spawnProcess(
  command: string,
  args: string[],
  options: ProcessOptions = {},
): RunningProcess {
  const child = spawn(command, args, {
    cwd: options.cwd ?? repositoryRoot,
    env: { ...process.env, ...options.env },
    detached: options.detached,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output += chunk.toString()
    if (options.keptOutputChars) output = output.slice(-options.keptOutputChars)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<ProcessEnd>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal))
    // A command that cannot start at all ends with an error and no exit.
    child.once('error', (error) => {
      output += `\n${error.message}`
      resolve(null)
    })
  })
  return {
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM', { killAfterMs } = {}) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      const timer = killAfterMs ? setTimeout(() => child.kill('SIGKILL'), killAfterMs) : undefined
      try {
        return await exited
      } finally {
        clearTimeout(timer)
      }
    },
  }
}

/** Runs a Node.js script, TypeScript ones through tsx as the repository's scripts run them. */
export function spawnNodeScript(
  script: string,
  options: ProcessOptions & { args?: string[] } = {},
): RunningProcess {
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : []
  return spawnProcess(process.execPath, [...loader, script, ...(options.args ?? [])], options)
}
