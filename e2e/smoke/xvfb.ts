import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import type { Readable } from 'node:stream'
import { stopProcess } from './stop-process'

const startTimeoutMs = 15_000

/** A virtual X display of our own. */
export interface VirtualDisplay {
  /** The `DISPLAY` value, e.g. `:99`. */
  display: string
  stop(): Promise<void>
}

/**
 * Starts Xvfb on a display number it picks itself (`-displayfd`), so two runs, or a desktop
 * session, never race for one; it writes the number to the pipe once it accepts clients.
 */
export async function startVirtualDisplay(xvfbPath: string): Promise<VirtualDisplay> {
  const xvfb = spawn(
    xvfbPath,
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  )
  let errors = ''
  xvfb.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4_000)
  })
  try {
    const number = await displayNumber(xvfb)
    return { display: `:${number}`, stop: () => stopProcess(xvfb) }
  } catch (error) {
    await stopProcess(xvfb)
    throw new Error(`Xvfb (${xvfbPath}) did not start: ${String(error)}\n${errors}`)
  }
}

async function displayNumber(xvfb: ChildProcess): Promise<string> {
  const pipe = xvfb.stdio[3] as Readable
  let written = ''
  const announced = new Promise<string>((resolve) => {
    pipe.on('data', (chunk: Buffer) => {
      written += chunk.toString()
      if (written.includes('\n')) resolve(written.trim())
    })
  })
  const exited = once(xvfb, 'exit').then(([code, signal]) => {
    throw new Error(`it exited (${signal ?? `code ${code}`})`)
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
