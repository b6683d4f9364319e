import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'

const graceMs = 10_000

/** Asks a helper program (Xvfb, WebKitWebDriver) to stop, and makes it if it does not. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
  await exited
  clearTimeout(timer)
}
