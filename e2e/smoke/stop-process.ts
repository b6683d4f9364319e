import type { RunningProcess } from '@fernwood/testkit'

const graceMs = 10_000

/** Asks a helper program (Xvfb, WebKitWebDriver) to stop, and makes it if it does not. */
export async function stopProcess(running: RunningProcess): Promise<void> {
  await running.stop('SIGTERM', { killAfterMs: graceMs })
}
