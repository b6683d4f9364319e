import fastifyCookie from '@fastify/cookie'
import { DEV_WALLET_PRIVATE_KEY, DEVCHAIN_CHAIN_ID } from '@fernwood/devchain'
import type { LiveSnapshot } from '@fernwood/protocol'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import { startAnonymousSession } from '../src/auth/sessions.ts'
import { seedCatalogueFor } from '../src/campaigns/welcome.ts'
import { readEnvironment } from '../src/config/environment.ts'
import type { Database } from '../src/db/database.ts'
import { openPostgresDatabase } from '../src/db/postgres-database.ts'
import { announceAccountBound, publishChange } from '../src/live/publisher.ts'
import { liveRoutes } from '../src/live/routes.ts'
import { type EventStream, openEventStream } from './support/event-stream.ts'
import { randomAccount, signInVisitor, submitCode, type Visitor } from './support/rewards.ts'
import { buildTestApp, jsonFromSite, sessionCookieOf } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase, testDriver } from './support/test-database.ts'
import { signIdentityProof } from './support/wallet-proofs.ts'

let testDatabase: TestDatabase
let app: App
let baseUrl: string
/** Another connection to the same data: on PostgreSQL a pool of its own, as another process has. */
let elsewhere: Database

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  await seedCatalogueFor(readEnvironment({}), testDatabase.database)
  app = await buildTestApp(testDatabase.database)
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' })
  elsewhere =
    testDriver === 'postgres'
      ? await openPostgresDatabase(testDatabase.url as string)
      : testDatabase.database
})
afterAll(async () => {
  if (elsewhere !== testDatabase.database) await elsewhere.close()
  await app.close()
  await testDatabase.drop()
})

const snapshotOf = (event: { data: unknown }) => event.data as LiveSnapshot
const live = (visitor: Visitor) => openEventStream(`${baseUrl}/api/live`, visitor.cookie)
const hasPending = (code: string) => (event: { data: unknown }) =>
  snapshotOf(event).pending.some((reward) => reward.code === code)

/** Pays a reward the way a worker in another process does: history, status and notify in one commit. */
async function payElsewhere(rewardId: string, waxAccount: string, code: string) {
  await elsewhere.transaction(async (tx) => {
    await tx.query("UPDATE rewards SET status = 'completed' WHERE id = $1", [rewardId])
    await tx.query(
      `INSERT INTO reward_history (reward_id, wax_account, code, amount, token, transaction_id)
       VALUES ($1, $2, $3, '10.0000', 'FERN', $4)`,
      [rewardId, waxAccount, code, 'cd'.repeat(32)],
    )
    await publishChange(tx, { kind: 'history', waxAccount })
  })
}

describe('the live feed', () => {
  it('starts with a snapshot of the user, their pending rewards and history', async () => {
    const account = randomAccount('live.')
    const visitor = await signInVisitor(app, testDatabase.database, account)
    const stream = await live(visitor)
    try {
      expect(stream.status).toBe(200)
      const first = await stream.next(() => true)
      expect(first.event).toBe('snapshot')
      expect(first.data).toEqual({
        user: { id: visitor.userId, waxAccount: account },
        pending: [],
        history: [],
      })
      expect(stream.retry).toBeGreaterThan(0)
    } finally {
      stream.close()
    }
  })

  it("user A's stream carries A's own changes as they commit, and nothing of B's", async () => {
    const accountA = randomAccount('alive.')
    const accountB = randomAccount('blive.')
    const a = await signInVisitor(app, testDatabase.database, accountA)
    const b = await signInVisitor(app, testDatabase.database, accountB)
    const streamA = await live(a)
    const streamB = await live(b)
    try {
      await streamA.next((event) => event.event === 'snapshot')
      await streamB.next((event) => event.event === 'snapshot')

      const submitted = await submitCode(app, b, { code: 'b-secret-code' })
      expect(submitted.statusCode).toBe(201)
      await streamB.next(hasPending('b-secret-code'))

      // How fast it arrives is bench/rewards.ts's to measure; here it only has to arrive.
      const mine = await submitCode(app, a, { code: 'a-own-code' })
      expect(mine.statusCode).toBe(201)
      await streamA.next(hasPending('a-own-code'))

      await payElsewhere(mine.json().reward.id, accountA, 'a-own-code')
      const paid = await streamA.next((event) => snapshotOf(event).history.length === 1)
      expect(snapshotOf(paid).history[0]).toMatchObject({ code: 'a-own-code', amount: '10.0000' })
      expect(snapshotOf(paid).pending).toEqual([])

      const everythingA = JSON.stringify(streamA.events)
      expect(everythingA).not.toContain('b-secret-code')
      expect(everythingA).not.toContain(accountB)
      expect(everythingA).not.toContain(b.userId)
      for (const event of streamA.events) expect(snapshotOf(event).user.id).toBe(a.userId)
    } finally {
      streamA.close()
      streamB.close()
    }
  })

  it('a wallet bound to the user reaches their open stream, and from then the wallet’s changes do', async () => {
    const visitor = await signInVisitor(app, testDatabase.database)
    const stream = await live(visitor)
    try {
      const first = await stream.next(() => true)
      expect(snapshotOf(first).user.waxAccount).toBeNull()

      const account = randomAccount('bound.')
      await elsewhere.transaction(async (tx) => {
        await tx.query('UPDATE users SET wax_account = $2 WHERE id = $1', [visitor.userId, account])
        await announceAccountBound(tx, { id: visitor.userId, waxAccount: account })
      })
      await stream.next((event) => snapshotOf(event).user.waxAccount === account)

      // A change announced for the wallet alone (as a worker does) reaches this user now.
      const other = await signInVisitor(app, testDatabase.database, account)
      expect((await submitCode(app, other, { code: 'shared-wallet' })).statusCode).toBe(201)
      await stream.next(hasPending('shared-wallet'))
    } finally {
      stream.close()
    }
  })

  it('refuses a visitor who is not signed in (401)', async () => {
    const stream = await openEventStream(`${baseUrl}/api/live`)
    expect(stream.status).toBe(401)
    stream.close()
  })
})

describe('a stream lives no longer than its session', () => {
  it('signing out ends the session’s open stream', async () => {
    const visitor = await signInVisitor(app, testDatabase.database, randomAccount('out.'))
    const stream = await live(visitor)
    await stream.next(() => true)
    const signOut = await app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { ...jsonFromSite, cookie: visitor.cookie },
      payload: {},
    })
    expect(signOut.statusCode).toBe(204)
    await stream.ended
  })

  it('a wallet login ends the streams opened with the token it replaces', async () => {
    const visitor = await signInVisitor(app, testDatabase.database)
    const stream = await live(visitor)
    await stream.next(() => true)
    const headers = { ...jsonFromSite, cookie: visitor.cookie }
    const { nonce } = (
      await app.inject({ method: 'POST', url: '/api/wallet/challenge', headers, payload: {} })
    ).json()
    const proof = signIdentityProof({
      chainId: DEVCHAIN_CHAIN_ID,
      scope: 'fernwood',
      actor: 'alice.wam',
      privateKey: DEV_WALLET_PRIVATE_KEY,
    })
    const bound = await app.inject({
      method: 'POST',
      url: '/api/wallet',
      headers,
      payload: {
        nonce,
        chainId: DEVCHAIN_CHAIN_ID,
        actor: 'alice.wam',
        permission: 'active',
        proof: { type: 'identity', proof },
      },
    })
    expect(bound.statusCode).toBe(200)
    await stream.ended
    expect(stream.events.some((event) => snapshotOf(event).user.waxAccount !== null)).toBe(false)

    const renewed = await live({ ...visitor, cookie: `fernwood_session=${sessionCookieOf(bound)}` })
    try {
      const first = await renewed.next(() => true)
      expect(snapshotOf(first).user.waxAccount).toBe('alice.wam')
    } finally {
      renewed.close()
    }
  })

  it('a stream ends when its session expires', async () => {
    const visitor = await signInVisitor(app, testDatabase.database)
    await testDatabase.database.query(
      "UPDATE sessions SET expires_at = now() + interval '1 second' WHERE user_id = $1",
      [visitor.userId],
    )
    const stream = await live(visitor)
    await stream.next(() => true)
    await stream.ended
  })
})

describe('the live feed’s connection', () => {
  it('sends heartbeats, and server shutdown ends open streams instead of waiting on them', async () => {
    const server = Fastify({ logger: false })
    await server.register(fastifyCookie)
    await server.register(liveRoutes, {
      database: testDatabase.database,
      caps: { perSession: 4, perAddress: 4, perProcess: 4 },
      heartbeatMs: 30,
    })
    const url = await server.listen({ port: 0, host: '127.0.0.1' })
    const { token } = await startAnonymousSession(testDatabase.database, 1)
    const stream: EventStream = await openEventStream(
      `${url}/api/live`,
      `fernwood_session=${token}`,
    )
    await stream.next(() => true)
    while (stream.comments.length < 2) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(stream.comments).toContain('heartbeat')

    await server.close()
    await stream.ended
  })
})
