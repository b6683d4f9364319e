import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
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

/** A data directory and, on the postgres driver, a database of this test's own. */
async function storage(): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fernwood-server-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  if (testDriver === 'pglite') return { DATA_DIR: dataDir }
  const url = await createPostgresDatabase()
  cleanups.push(() => dropPostgresDatabase(url))
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString() }
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer({ PORT: String(await freePort()), ...env })
  cleanups.push(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL')
    await server.exited
  })
  return server
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM')
  return server.exited
}

const json = (url: string, init: RequestInit & { cookie?: string } = {}) =>
  fetch(url, {
    ...init,
    headers: {
      'content-type': 'application/json',
      origin: new URL(url).origin,
      ...(init.cookie && { cookie: init.cookie }),
    },
  })

// Each test starts real processes (PGlite's first start initialises a cluster): allow for a busy machine.
describe('the server process', { timeout: 180_000 }, () => {
  it('keeps every session across a stop and a restart on the same storage', async () => {
    const env = await storage()
    const first = await start(env)
    await untilHealthy(first)
    const signIn = await json(`${first.url}/api/session`, { method: 'POST', body: '{}' })
    expect(signIn.status).toBe(201)
    const { user } = (await signIn.json()) as { user: unknown }
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]
    expect(await stop(first)).toBe(0)

    const second = await start(env)
    await untilHealthy(second)
    const again = await json(`${second.url}/api/session`, { cookie })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ user })
  })

  it('a second server on a DATA_DIR in use refuses to start with a clear message', async () => {
    const env = await storage()
    const first = await start(env)
    await untilHealthy(first)

    const second = await start(env)
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain(`DATA_DIR ${env.DATA_DIR} is in use by another running`)
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200)
  })

  it('an invalid environment variable stops start-up with a message naming it', async () => {
    const server = await start({ ...(await storage()), CHAIN: 'ethereum' })
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain('Invalid environment variable CHAIN="ethereum"')
  })

  it.each([
    ['DATABASE_URL', 'mysql://fernwood:s3cret-pass@db.internal/fernwood', 's3cret-pass'],
    ['METRICS_TOKEN', 'short-s3cret', 'short-s3cret'],
  ])(
    'a bad %s stops start-up with a message that names it, never its secret',
    async (variable, value, secret) => {
      const server = await start({ ...(await storage()), [variable]: value })
      expect(await server.exited).toBe(1)
      expect(server.output()).toContain(`Invalid environment variable ${variable}=`)
      expect(server.output()).not.toContain(secret)
    },
  )

  it('SIGTERM lets a request in flight finish, then exits cleanly', async () => {
    const server = await start(await storage())
    await untilHealthy(server)
    const body = '{}'
    const request = http.request(`${server.url}/api/session`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        origin: server.url,
      },
    })
    const answered = once(request, 'response').then(
      ([response]) => response as http.IncomingMessage,
    )
    // The request is in flight (headers sent, body not yet) when the signal arrives.
    request.flushHeaders()
    await new Promise((resolve) => setTimeout(resolve, 200))
    server.child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 300))
    request.end(body)

    expect((await answered).statusCode).toBe(201)
    expect(await server.exited).toBe(0)
    expect(server.output()).toContain('shutting down')
  })
})
