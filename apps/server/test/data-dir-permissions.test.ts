import { chmod, lstat, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { stopScript } from './support/script-process.ts'
import {
  freePort,
  type ServerProcess,
  spawnServer,
  untilHealthy,
} from './support/server-process.ts'
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  testDriver,
} from './support/test-database.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A DATA_DIR that does not exist yet, and on the postgres driver a database of its own. */
async function storage(): Promise<Record<string, string>> {
  const parent = await mkdtemp(path.join(tmpdir(), 'fernwood-permissions-'))
  cleanups.push(() => rm(parent, { recursive: true, force: true }))
  const dataDir = path.join(parent, 'data')
  if (testDriver === 'pglite') return { DATA_DIR: dataDir }
  const url = await createPostgresDatabase()
  cleanups.push(() => dropPostgresDatabase(url))
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString() }
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer({ PORT: String(await freePort()), ...env })
  cleanups.push(() => stopScript(server, 'SIGKILL'))
  await untilHealthy(server)
  // Something written: a session row (PGlite's tables and write-ahead log).
  const signIn = await fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: '{}',
  })
  expect(signIn.status).toBe(201)
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
    const env = await storage()
    const server = await start(env)
    expect(await openToOthers(env.DATA_DIR)).toEqual([])

    // Stopping writes the devchain's state and PGlite's checkpoint.
    expect(await stopScript(server)).toBe(0)
    expect(await openToOthers(env.DATA_DIR)).toEqual([])
  })

  it('a DATA_DIR an earlier version left open to others is made private at start, saying so once', async () => {
    const env = await storage()
    expect(await stopScript(await start(env))).toBe(0)
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
