import { type EventStream, openEventStream } from '@fernwood/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import { eventually, signInVisitor, type Visitor } from './support/rewards.ts'
import { buildTestApp } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'

let testDatabase: TestDatabase
const apps: App[] = []

beforeAll(async () => {
  testDatabase = await createTestDatabase()
})
afterAll(async () => {
  for (const app of apps) await app.close()
  await testDatabase.drop()
})

/** A listening app with these stream caps (the others generous), and its streams. */
async function serverWith(caps: Record<string, string>) {
  const app = await buildTestApp(testDatabase.database, {
    LIVE_STREAMS_PER_SESSION: '50',
    LIVE_STREAMS_PER_ADDRESS: '50',
    LIVE_STREAMS_PER_PROCESS: '50',
    ...caps,
  })
  apps.push(app)
  const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/live`
  const opened: EventStream[] = []
  const attempt = async (visitor: Visitor) => {
    const stream = await openEventStream(url, visitor.cookie)
    opened.push(stream)
    return stream
  }
  return {
    signIn: () => signInVisitor(app, testDatabase.database),
    attempt,
    async open(visitor: Visitor) {
      const stream = await attempt(visitor)
      expect(stream.status).toBe(200)
      await stream.next(() => true)
      return stream
    },
    async refusal(visitor: Visitor) {
      const response = await fetch(url, { headers: { cookie: visitor.cookie } })
      const body = (await response.json()) as { error: { code: string } }
      return {
        status: response.status,
        code: body.error.code,
        retryAfter: response.headers.get('retry-after'),
      }
    },
    closeAll() {
      for (const stream of opened) stream.close()
    },
  }
}

describe('how many live streams anyone may hold', () => {
  it('a session gets its few streams, then 429 until one of them closes', async () => {
    const server = await serverWith({ LIVE_STREAMS_PER_SESSION: '2' })
    try {
      const visitor = await server.signIn()
      const first = await server.open(visitor)
      await server.open(visitor)
      expect(await server.refusal(visitor)).toMatchObject({
        status: 429,
        code: 'LIVE_STREAMS_PER_SESSION',
      })
      // Another visitor is not held back by this one.
      await server.open(await server.signIn())

      first.close()
      await eventually(
        () => server.attempt(visitor),
        (stream) => stream.status === 200,
      )
    } finally {
      server.closeAll()
    }
  })

  it('one client address gets its streams across sessions, then 429', async () => {
    const server = await serverWith({ LIVE_STREAMS_PER_ADDRESS: '2' })
    try {
      await server.open(await server.signIn())
      await server.open(await server.signIn())
      expect(await server.refusal(await server.signIn())).toMatchObject({
        status: 429,
        code: 'LIVE_STREAMS_PER_ADDRESS',
      })
    } finally {
      server.closeAll()
    }
  })

  it('a full process answers 503 with Retry-After', async () => {
    const server = await serverWith({ LIVE_STREAMS_PER_PROCESS: '2' })
    try {
      await server.open(await server.signIn())
      await server.open(await server.signIn())
      const refused = await server.refusal(await server.signIn())
      expect(refused).toMatchObject({ status: 503, code: 'LIVE_STREAMS_AT_CAPACITY' })
      expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    } finally {
      server.closeAll()
    }
  })
})
