import { randomUUID } from 'node:crypto'
import type { AdminOverview, CodeGeneration } from '@fernwood/protocol/admin'
import { type EventStream, openEventStream, type StreamEvent } from '@fernwood/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGeneration } from '../src/admin/code-generations.ts'
import { CodeGenerationRunner } from '../src/admin/generation-runner.ts'
import type { App } from '../src/app.ts'
import { hashSessionToken } from '../src/auth/session-token.ts'
import type { ChainConnection } from '../src/chain/chain-connection.ts'
import type { Database } from '../src/db/database.ts'
import { generationDone } from './support/operator-app.ts'
import { buildTestApp, createTestChain, jsonFromSite } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'
import { connectWithProof } from './support/wallet-proofs.ts'

let testDatabase: TestDatabase
let chain: ChainConnection
let app: App
let baseUrl: string
const apps: App[] = []

const OPERATORS = { ADMIN_ACCOUNTS: 'alice.wam, bob.wam' }

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  chain = await createTestChain()
  app = await buildTestApp(testDatabase.database, OPERATORS, chain)
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' })
  await testDatabase.database.query(
    `INSERT INTO campaigns (slug, name, kind, reward_quantity, token_contract)
     VALUES ('lantern', 'Lantern', 'unique', '2.5000 FERN', 'fern.token')`,
  )
})
afterAll(async () => {
  for (const other of apps) await other.close()
  await app.close()
  await chain.close()
  await testDatabase.drop()
})

/** Another server on the same database, as a second instance behind the load balancer. */
async function anotherServer(environment: Record<string, string> = {}) {
  const other = await buildTestApp(testDatabase.database, { ...OPERATORS, ...environment }, chain)
  apps.push(other)
  return { app: other, url: await other.listen({ port: 0, host: '127.0.0.1' }) }
}

/** Connects `account`'s wallet with a proof, on `cookie`'s session or a new one; its new cookie. */
const connectWallet = async (account: string, cookie?: string, on: App = app) =>
  (await connectWithProof(on, account, {}, { cookie })).cookie

const isOverview = (event: StreamEvent) => event.event === 'overview'
const errorCodeOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string } }).error.code

async function openOverview(url: string, cookie: string): Promise<EventStream> {
  const stream = await openEventStream(`${url}/api/admin/live`, cookie)
  expect(stream.status).toBe(200)
  await stream.next(isOverview)
  return stream
}

describe('the operator’s live stream lives no longer than the operator’s session', () => {
  it('a wallet login on the session ends the stream opened with the token it replaces, telling EventSource to come back soon', async () => {
    const cookie = await connectWallet('alice.wam')
    const stream = await openOverview(baseUrl, cookie)
    const renewed = await connectWallet('alice.wam', cookie)
    await stream.ended
    expect(stream.retry).toBe(500)
    // The renewed token opens the console as before.
    const again = await openOverview(baseUrl, renewed)
    again.close()
  })

  it('the stream ends when the session expires', async () => {
    const cookie = await connectWallet('alice.wam')
    await testDatabase.database.query(
      "UPDATE sessions SET expires_at = now() + interval '1 second' WHERE token_hash = $1",
      [hashSessionToken(cookie.slice('fernwood_session='.length))],
    )
    const stream = await openOverview(baseUrl, cookie)
    await stream.ended
  })

  it('server shutdown ends open streams instead of waiting on them', async () => {
    const other = await anotherServer()
    const stream = await openOverview(
      other.url,
      await connectWallet('bob.wam', undefined, other.app),
    )
    await other.app.close()
    await stream.ended
  })
})

describe('how many operator streams anyone may hold', () => {
  it('a session gets its streams, then 429; a full process answers 503 with Retry-After', async () => {
    const perSession = await anotherServer({ LIVE_STREAMS_PER_SESSION: '1' })
    const cookie = await connectWallet('alice.wam', undefined, perSession.app)
    const first = await openOverview(perSession.url, cookie)
    const refused = await fetch(`${perSession.url}/api/admin/live`, { headers: { cookie } })
    expect(refused.status).toBe(429)
    expect(await errorCodeOf(refused)).toBe('LIVE_STREAMS_PER_SESSION')
    first.close()

    const full = await anotherServer({ LIVE_STREAMS_PER_PROCESS: '1' })
    const open = await openOverview(full.url, await connectWallet('alice.wam', undefined, full.app))
    const busy = await fetch(`${full.url}/api/admin/live`, {
      headers: { cookie: await connectWallet('bob.wam', undefined, full.app) },
    })
    expect(busy.status).toBe(503)
    expect(await errorCodeOf(busy)).toBe('LIVE_STREAMS_AT_CAPACITY')
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0)
    open.close()
  })
})

/** `cookie`'s call to the admin API on `on`. */
function call(cookie: string, method: 'GET' | 'POST', url: string, payload?: object, on = app) {
  return on.inject({ method, url, headers: { ...jsonFromSite, cookie }, payload })
}

/** A generation row as a server writes it, with `made` of its codes already made. */
async function storedGeneration(
  fields: { count: number; made: number; lease: 'live' | 'lapsed' | 'none'; state?: string },
  db: Database = testDatabase.database,
): Promise<string> {
  const [{ id }] = await db.query<{ id: string }>(
    `INSERT INTO code_generations
       (campaign_id, requested_by, count, made, origin, state, lease_holder, lease_expires_at,
        finished_at)
     SELECT id, 'admin:alice.wam', $1, $2, 'http://fernwood.test', $3, $4,
            now() + CASE $5 WHEN 'live' THEN interval '1 hour' ELSE interval '-1 second' END,
            CASE WHEN $3 = 'running' THEN NULL ELSE now() END
       FROM campaigns WHERE slug = 'lantern'
     RETURNING id`,
    [fields.count, fields.made, fields.state ?? 'running', randomUUID(), fields.lease],
  )
  await db.query(
    `INSERT INTO codes (code, campaign_id, uses_left, generation_id)
     SELECT 'lantern-old-' || $1::text || '-' || g, g2.campaign_id, 1, g2.id
       FROM generate_series(1, $2::int) AS g, code_generations g2 WHERE g2.id = $1::uuid`,
    [id, fields.made],
  )
  return id
}

async function codesOf(id: string): Promise<number> {
  const [{ count }] = await testDatabase.database.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM codes WHERE generation_id = $1',
    [id],
  )
  return count
}

describe('code generations', () => {
  it('a generation is followed on the live overview to its end, and any operator downloads its files again', async () => {
    const alice = await connectWallet('alice.wam')
    const stream = await openOverview(baseUrl, alice)
    const started = await call(alice, 'POST', '/api/admin/campaigns/lantern/codes', { count: 1200 })
    expect(started.statusCode).toBe(202)
    const { generation } = started.json() as { generation: CodeGeneration }
    expect(generation).toMatchObject({ campaign: 'lantern', count: 1200, state: 'running' })

    const generationIn = (event: StreamEvent) =>
      (event.data as AdminOverview).generations.find(({ id }) => id === generation.id)
    const done = await stream.next((event) => generationIn(event)?.state === 'done', 20_000)
    expect(generationIn(done)).toMatchObject({ made: 1200, operator: 'alice.wam' })
    stream.close()
    expect(await codesOf(generation.id)).toBe(1200)

    // Another operator, later: the same files, streamed again.
    const bob = await connectWallet('bob.wam')
    const csvUrl = `/api/admin/generations/${generation.id}/codes.csv`
    const [csv, again] = [await call(alice, 'GET', csvUrl), await call(bob, 'GET', csvUrl)]
    expect(again.body).toBe(csv.body)
    const rows = csv.body.trim().split('\n')
    expect(rows).toHaveLength(1201)
    expect(new Set(rows.slice(1).map((row) => row.split(',')[0])).size).toBe(1200)
    const sheet = await call(bob, 'GET', `/api/admin/generations/${generation.id}/sheet.html`)
    expect(sheet.statusCode).toBe(200)
    expect(sheet.body.match(/<figure><svg /g)).toHaveLength(1200)
    expect(sheet.body.trim().endsWith('</html>')).toBe(true)

    const listed = (await call(bob, 'GET', '/api/admin/generations')).json().generations
    expect(listed[0]).toMatchObject({ id: generation.id, state: 'done' })
  })

  it('a generation still running cannot be downloaded yet (409); an unknown one is 404', async () => {
    const alice = await connectWallet('alice.wam')
    const running = await storedGeneration({ count: 10, made: 2, lease: 'live' })
    try {
      const early = await call(alice, 'GET', `/api/admin/generations/${running}/codes.csv`)
      expect(early.statusCode).toBe(409)
      expect(early.json().error.code).toBe('ADMIN_GENERATION_RUNNING')
      const unknown = await call(alice, 'GET', `/api/admin/generations/${randomUUID()}/sheet.html`)
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json().error.code).toBe('ADMIN_GENERATION_NOT_FOUND')
    } finally {
      await testDatabase.database.query(
        "UPDATE code_generations SET state = 'failed', finished_at = now() WHERE id = $1",
        [running],
      )
    }
  })

  it('no more than two generations make codes at once, across server instances: a third waits with 429', async () => {
    const running = [
      await storedGeneration({ count: 10, made: 1, lease: 'live' }),
      await storedGeneration({ count: 10, made: 1, lease: 'live' }),
    ]
    try {
      const other = await anotherServer()
      for (const server of [app, other.app]) {
        const cookie = await connectWallet('alice.wam', undefined, server)
        const refused = await call(
          cookie,
          'POST',
          '/api/admin/campaigns/lantern/codes',
          { count: 5 },
          server,
        )
        expect(refused.statusCode).toBe(429)
        expect(refused.json().error.code).toBe('ADMIN_GENERATIONS_BUSY')
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      }
    } finally {
      await testDatabase.database.query(
        "UPDATE code_generations SET state = 'failed', finished_at = now() WHERE id = ANY($1)",
        [running],
      )
    }
    const alice = await connectWallet('alice.wam')
    const started = await call(alice, 'POST', '/api/admin/campaigns/lantern/codes', { count: 5 })
    expect(started.statusCode).toBe(202)
    await generationDone(app, alice, started.json().generation.id)
  })

  it('a generation whose server died is resumed by another server from the codes already made', async () => {
    const orphan = await storedGeneration({ count: 1300, made: 500, lease: 'lapsed' })
    // A server starting (or looking again, every few seconds) takes over the lapsed lease.
    await anotherServer()
    const alice = await connectWallet('alice.wam')
    expect(await generationDone(app, alice, orphan)).toMatchObject({ state: 'done', made: 1300 })
    expect(await codesOf(orphan)).toBe(1300)
    const [audited] = await testDatabase.database.query<{ actor: string; details: object }>(
      "SELECT actor, details FROM audit_log WHERE action = 'codes.generated' AND details->>'generation' = $1",
      [orphan],
    )
    expect(audited).toEqual({
      actor: 'admin:alice.wam',
      details: { count: 1300, generation: orphan },
    })
  })

  it('a generation that meets an error is marked failed, keeping the codes made before it', async () => {
    const db = testDatabase.database
    let inserts = 0
    // The database refusing the second step's codes.
    const failing: Database = {
      driver: db.driver,
      query: (sql, params, options) => db.query(sql, params, options),
      exec: (sql) => db.exec(sql),
      listen: (channel, onNotification) => db.listen(channel, onNotification),
      close: () => db.close(),
      transaction: (work) =>
        db.transaction((tx) =>
          work({
            exec: (sql) => tx.exec(sql),
            query: (sql, params, options) => {
              if (sql.includes('INSERT INTO codes') && ++inserts === 2) {
                return Promise.reject(new Error('disk full'))
              }
              return tx.query(sql, params, options)
            },
          }),
        ),
    }
    const errors: unknown[] = []
    const runner = new CodeGenerationRunner({
      database: failing,
      resumeEveryMs: 0,
      onError: (error) => errors.push(error),
    })
    const job = await startGeneration(
      failing,
      'admin:bob.wam',
      { slug: 'lantern', count: 900, origin: 'http://fernwood.test' },
      runner.holder,
    )
    await runner.follow(job)
    const bob = await connectWallet('bob.wam')
    expect(await generationDone(app, bob, job.id)).toMatchObject({
      state: 'failed',
      made: 500,
      error: 'disk full',
    })
    expect(await codesOf(job.id)).toBe(500)
    expect(errors).toHaveLength(1)
    const csv = await call(bob, 'GET', `/api/admin/generations/${job.id}/codes.csv`)
    expect(csv.body.trim().split('\n')).toHaveLength(501)
    const [audited] = await db.query<{ actor: string; action: string }>(
      "SELECT actor, action FROM audit_log WHERE details->>'generation' = $1",
      [job.id],
    )
    expect(audited).toEqual({ actor: 'admin:bob.wam', action: 'codes.generation_failed' })
  })
})
