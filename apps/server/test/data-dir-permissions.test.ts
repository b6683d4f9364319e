import { chmod, lstat, readdir } from 'node:fs/promises'
import path from 'node:path'
import { httpVisitor, type ServerProcess } from '@fernwood/testkit'
import { describe, expect, it } from 'vitest'
import { useTestProcesses } from './support/test-processes.ts'

const processes = useTestProcesses()
const { storage } = processes

/** The server on `env`, answering, with something written: a session row. */
async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await processes.start(env)
  // PGlite's tables and write-ahead log.
  expect((await httpVisitor(server.url).request('/api/session', {})).status).toBe(201)
  return server
}

/** Every folder and file under `directory` (itself included) that another user may use. */
async function openToOthers(directory: string): Promise<string[]> {
  const entries = [directory, ...(await readdir(directory, { recursive: true }))]
  const open: string[] = []
  for (const entry of entries) {
    const file = entry === directory ? entry : path.join(directory, entry)
    const stats = await lstat(file)
    if ((stats.mode & 0o077) !== 0) open.push(`${entry} ${(stats.mode & 0o777).toString(8)}`)
  }
  return open
}

// Real processes, PGlite's first start initialising a cluster: allow for a busy machine.
describe('DATA_DIR’s permissions', { timeout: 180_000 }, () => {
  it('from the first start, DATA_DIR and everything in it are its owner’s alone (0700/0600)', async () => {
    const env = await storage({ firstStart: true })
    const server = await start(env)
    expect(await openToOthers(env.DATA_DIR)).toEqual([])

    // Stopping writes the devchain's state and PGlite's checkpoint.
    expect(await server.stop()).toBe(0)
    expect(await openToOthers(env.DATA_DIR)).toEqual([])
  })

  it('a DATA_DIR an earlier version left open to others is made private at start, saying so once', async () => {
    const env = await storage()
    expect(await (await start(env)).stop()).toBe(0)
    const entries = [env.DATA_DIR, ...(await readdir(env.DATA_DIR, { recursive: true }))]
    for (const entry of entries) {
      const file = entry === env.DATA_DIR ? entry : path.join(env.DATA_DIR, entry)
      const stats = await lstat(file)
      await chmod(file, stats.isDirectory() ? 0o755 : 0o644)
    }

    const again = await start(env)
    expect(await openToOthers(env.DATA_DIR)).toEqual([])
    const notices = again.output().match(/was open to other users: made its \d+ folders and files/g)
    expect(notices).toHaveLength(1)
    expect(again.output()).toContain(`DATA_DIR ${env.DATA_DIR} was open to other users`)
  })
})
