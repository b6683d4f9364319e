import { type RunningProcess, spawnProcess } from '@fernwood/testkit'
import { stopProcess } from './stop-process'

const startTimeoutMs = 15_000
const keptOutputChars = 4_000

/** A virtual X display of our own. */
export interface VirtualDisplay {
  /** The `DISPLAY` value, e.g. `:99`. */
  display: string
  stop(): Promise<void>
}

/**
 * Starts Xvfb on a display number it picks itself (`-displayfd`), so two runs, or a desktop
 * session, never race for one; it writes the number to its standard output once it accepts
 * clients, and its messages to standard error.
 */
export async function startVirtualDisplay(xvfbPath: string): Promise<VirtualDisplay> {
  const xvfb = spawnProcess(
    xvfbPath,
    ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    { keptOutputChars },
  )
  try {
    const number = await displayNumber(xvfb)
    return { display: `:${number}`, stop: () => stopProcess(xvfb) }
  } catch (error) {
    await stopProcess(xvfb)
    throw new Error(`Xvfb (${xvfbPath}) did not start: ${String(error)}\n${xvfb.output()}`)
  }
}

async function displayNumber(xvfb: RunningProcess): Promise<string> {
  let written = ''
  const announced = new Promise<string>((resolve) => {
    xvfb.child.stdout?.on('data', (chunk: Buffer) => {
      written += chunk.toString()
      if (written.includes('\n')) resolve(written.trim())
    })
  })
  const exited = xvfb.exited.then((end) => {
    throw new Error(`it exited (${typeof end === 'number' ? `code ${end}` : end})`)
  })
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no display within ${startTimeoutMs} ms`)),
      startTimeoutMs,
    )
  })
  try {
    return await Promise.race([announced, exited, timedOut])
  } finally {
    clearTimeout(timer)
  }
}
