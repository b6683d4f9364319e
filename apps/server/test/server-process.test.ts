import { once } from 'node:events'
import http from 'node:http'
import { httpVisitor } from '@fernwood/testkit'
import { describe, expect, it } from 'vitest'
import { eventually } from './support/rewards.ts'
import { useTestProcesses } from './support/test-processes.ts'

const { storage, spawn, start } = useTestProcesses()

// Each test starts real processes: allow for a busy machine.
describe('the server process', { timeout: 180_000 }, () => {
  it('keeps every session across a stop and a restart on the same storage', async () => {
    const env = await storage()
    const first = await start(env)
    const visitor = httpVisitor(first.url)
    const signIn = await visitor.request('/api/session', {})
    expect(signIn.status).toBe(201)
    const { user } = (await signIn.json()) as { user: unknown }
    expect(await first.stop()).toBe(0)

    const second = await start(env)
    const again = await fetch(`${second.url}/api/session`, {
      headers: { cookie: visitor.cookie() },
    })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ user })
  })

  it('a second server on a DATA_DIR in use refuses to start with a clear message', async () => {
    const env = await storage()
    const first = await start(env)

    const second = await spawn(env)
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain(`DATA_DIR ${env.DATA_DIR} is in use by another running`)
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200)
  })

  it('an invalid environment variable stops start-up with a message naming it', async () => {
    // It stops before it opens anything: DATA_DIR need not hold a database yet.
    const server = await spawn({ ...(await storage({ firstStart: true })), CHAIN: 'ethereum' })
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain('Invalid environment variable CHAIN="ethereum"')
  })

  it.each([
    ['DATABASE_URL', 'mysql://fernwood:s3cret-pass@db.internal/fernwood', 's3cret-pass'],
    ['METRICS_TOKEN', 'short-s3cret', 'short-s3cret'],
  ])(
    'a bad %s stops start-up with a message that names it, never its secret',
    async (variable, value, secret) => {
      const server = await spawn({ ...(await storage({ firstStart: true })), [variable]: value })
      expect(await server.exited).toBe(1)
      expect(server.output()).toContain(`Invalid environment variable ${variable}=`)
      expect(server.output()).not.toContain(secret)
    },
  )

  it('SIGTERM lets a request in flight finish, then exits cleanly', async () => {
    const server = await start(await storage())
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
    // The body follows once the server has begun shutting down.
    await eventually(
      async () => server.output(),
      (output) => output.includes('shutting down'),
    )
    request.end(body)

    expect((await answered).statusCode).toBe(201)
    expect(await server.exited).toBe(0)
    expect(server.output()).toContain('shutting down')
  })
})
