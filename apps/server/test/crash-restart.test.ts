import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ChallengeResponse, RewardsResponse } from '@fernwood/protocol'
import { afterEach, describe, expect, it } from 'vitest'
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

// Submitters running side by side, each sending its next code as soon as the last is answered.
const SUBMITTERS = 8
// Enough answered submissions that the kill lands among writes in flight.
const ACCEPTED_BEFORE_KILL = 60

async function storage(): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fernwood-crash-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  if (testDriver === 'pglite') return { DATA_DIR: dataDir }
  const url = await createPostgresDatabase()
  cleanups.push(() => dropPostgresDatabase(url))
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString() }
}

function start(env: Record<string, string>): ServerProcess {
  const server = spawnServer(env)
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL')
    }
    await server.exited
  })
  return server
}

function client(server: ServerProcess, cookie = '') {
  return (url: string, body?: unknown) =>
    fetch(`${server.url}${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
}

/**
 * A server whose parent never reaps it: a shell that starts it, prints its pid and turns into
 * `sleep`, as a supervisor busy elsewhere (or a container's init that reaps nothing) would be.
 * Killed, the server stays a zombie. Resolves to the server's pid once it answers.
 */
async function startUnreaped(env: Record<string, string>): Promise<number> {
  const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const parent = spawn(
    'sh',
    [
      '-c',
      '"$0" --import tsx src/main.ts >/dev/null 2>&1 & echo $!; exec sleep 600',
      process.execPath,
    ],
    { cwd: serverRoot, env: { ...process.env, LOG_LEVEL: 'warn', ...env } },
  )
  cleanups.push(async () => {
    parent.kill('SIGKILL')
  })
  const [line] = (await once(parent.stdout, 'data')) as [Buffer]
  const pid = Number.parseInt(line.toString(), 10)
  cleanups.push(async () => {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  })
  const url = `http://127.0.0.1:${env.PORT}`
  for (;;) {
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return pid
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const cookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0]

/** A visitor with a wallet bound (without proof, as ALLOW_UNVERIFIED_WALLETS allows): its cookie. */
async function visitorWithWallet(server: ServerProcess, account: string): Promise<string> {
  const signIn = await client(server)('/api/session', {})
  const cookie = cookieOf(signIn) ?? ''
  const request = client(server, cookie)
  const challenge = await request('/api/wallet/challenge', {})
  const { nonce, chainId } = (await challenge.json()) as ChallengeResponse
  const bound = await request('/api/wallet', {
    nonce,
    chainId,
    actor: account,
    permission: 'active',
  })
  expect(bound.status).toBe(200)
  // A wallet login starts a new session.
  return cookieOf(bound) ?? cookie
}

// Real processes, PGlite's first start initialising a cluster: allow for a busy machine.
describe('a server killed under load', { timeout: 180_000 }, () => {
  it('restarts at once on its DATA_DIR, with every submission it answered 201 still there', async () => {
    const env = {
      ...(await storage()),
      PORT: String(await freePort()),
      ALLOW_UNVERIFIED_WALLETS: 'true',
      CODE_SUBMITS_PER_MINUTE: '1000000',
      CODE_SUBMITS_PER_MINUTE_PER_ADDRESS: '1000000',
      INVALID_CODE_LOCKOUT_ATTEMPTS: '1000000',
    }
    const first = start(env)
    await untilHealthy(first)
    const cookie = await visitorWithWallet(first, 'alice.wam')
    const submit = client(first, cookie)

    const accepted: string[] = []
    let killed = false
    let reachedLoad: () => void = () => undefined
    const loaded = new Promise<void>((resolve) => {
      reachedLoad = resolve
    })
    const submitter = async (index: number) => {
      for (let sequence = 0; !killed; sequence++) {
        const code = `crash-${index}-${sequence}`
        let response: Response
        try {
          response = await submit('/api/codes', { code })
        } catch {
          return // the connection died with the server
        }
        if (response.status !== 201) throw new Error(`${code}: ${await response.text()}`)
        accepted.push(code)
        if (accepted.length >= ACCEPTED_BEFORE_KILL) reachedLoad()
      }
    }
    const submitters = Promise.all(
      Array.from({ length: SUBMITTERS }, (_, index) => submitter(index)),
    )
    await Promise.race([loaded, submitters])
    first.child.kill('SIGKILL')
    killed = true
    expect(await first.exited).toBe('SIGKILL')
    await submitters

    const second = start(env)
    await untilHealthy(second)
    const stored = new Set<string>()
    // Both lists are paged: read every page of each.
    for (const list of ['pending', 'history'] as const) {
      let before: string | null = null
      do {
        const query: string = before ? `?${list}Before=${before}` : ''
        const response = await client(second, cookie)(`/api/rewards${query}`)
        expect(response.status).toBe(200)
        const page = (await response.json()) as RewardsResponse
        for (const reward of page[list]) stored.add(reward.code)
        before = list === 'pending' ? page.olderPending : page.olderHistory
      } while (before)
    }
    expect(accepted.length).toBeGreaterThanOrEqual(ACCEPTED_BEFORE_KILL)
    expect(accepted.filter((code) => !stored.has(code))).toEqual([])
  })

  it('restarts at once while the killed server is still a zombie its parent has not reaped', async () => {
    const env = { ...(await storage()), PORT: String(await freePort()) }
    const killed = await startUnreaped(env)
    process.kill(killed, 'SIGKILL')
    while (!(await readFile(`/proc/${killed}/stat`, 'utf8')).includes(') Z ')) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }

    const second = start(env)
    await untilHealthy(second)
    expect(second.output()).not.toContain('is in use by another running Fernwood process')
  })
})
