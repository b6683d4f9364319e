import fastifyCookie from '@fastify/cookie'
import {
  HISTORY_PAGE_SIZE,
  type LiveSnapshot,
  type RewardChanged,
  type RewardPaid,
} from '@fernwood/protocol'
import { type EventStream, openEventStream, type StreamEvent } from '@fernwood/testkit'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import { startAnonymousSession } from '../src/auth/sessions.ts'
import { seedCatalogueFor } from '../src/campaigns/welcome.ts'
import { readEnvironment } from '../src/config/environment.ts'
import type { Database, Queryable } from '../src/db/database.ts'
import { openPostgresDatabase } from '../src/db/postgres-database.ts'
import { pruneEvents } from '../src/events/outbox.ts'
import { DeltaReader } from '../src/live/deltas.ts'
import { announceAccountBound } from '../src/live/publisher.ts'
import { liveRoutes } from '../src/live/routes.ts'
import { randomAccount, signInVisitor, submitCode, type Visitor } from './support/rewards.ts'
import { buildTestApp, jsonFromSite } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase, testDriver } from './support/test-database.ts'
import { connectWithProof } from './support/wallet-proofs.ts'

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

const snapshotOf = (event: StreamEvent) => event.data as LiveSnapshot
const live = (visitor: Visitor, lastEventId?: string) =>
  openEventStream(`${baseUrl}/api/live`, visitor.cookie, lastEventId)
const isSnapshot = (event: StreamEvent) => event.event === 'snapshot'
/** A `reward` delta for `code`, optionally in `status`. */
const rewardDelta = (code: string, status?: string) => (event: StreamEvent) =>
  event.event === 'reward' &&
  (event.data as RewardChanged).reward.code === code &&
  (!status || (event.data as RewardChanged).reward.status === status)

/** Pays a reward the way a worker in another process does: status and history in one commit. */
async function payElsewhere(rewardId: string, waxAccount: string, code: string) {
  await elsewhere.transaction(async (tx) => {
    await tx.query("UPDATE rewards SET status = 'completed' WHERE id = $1", [rewardId])
    await tx.query(
      `INSERT INTO reward_history (reward_id, wax_account, code, amount, token, transaction_id)
       VALUES ($1, $2, $3, '10.0000', 'FERN', $4)`,
      [rewardId, waxAccount, code, 'cd'.repeat(32)],
    )
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
        olderPending: null,
        history: [],
        olderHistory: null,
        earned: [],
      })
      expect(stream.retry).toBeGreaterThan(0)
    } finally {
      stream.close()
    }
  })

  it("user A's stream carries A's own changes as deltas in commit order, and nothing of B's", async () => {
    const accountA = randomAccount('alive.')
    const accountB = randomAccount('blive.')
    const a = await signInVisitor(app, testDatabase.database, accountA)
    const b = await signInVisitor(app, testDatabase.database, accountB)
    const streamA = await live(a)
    const streamB = await live(b)
    try {
      await streamA.next(isSnapshot)
      await streamB.next(isSnapshot)

      const submitted = await submitCode(app, b, { code: 'b-secret-code' })
      expect(submitted.statusCode).toBe(201)
      await streamB.next(rewardDelta('b-secret-code'))

      // How fast it arrives is bench/rewards.ts's to measure; here it only has to arrive. A code
      // of the catalogue: an unknown one would be rejected as it is submitted.
      await testDatabase.database.query(
        `INSERT INTO codes (code, campaign_id) SELECT 'a-own-code', id FROM campaigns LIMIT 1`,
      )
      const mine = await submitCode(app, a, { code: 'a-own-code' })
      expect(mine.statusCode).toBe(201)
      const rewardId = mine.json().reward.id
      const pending = await streamA.next(rewardDelta('a-own-code', 'pending'))
      expect(pending.data).toEqual({ reward: mine.json().reward })

      await elsewhere.query("UPDATE rewards SET status = 'processing' WHERE id = $1", [rewardId])
      const processing = await streamA.next(rewardDelta('a-own-code', 'processing'))
      await payElsewhere(rewardId, accountA, 'a-own-code')
      const paid = await streamA.next((event) => event.event === 'paid')
      expect(paid.data).toEqual({
        rewardId,
        entry: expect.objectContaining({ code: 'a-own-code', amount: '10.0000', token: 'FERN' }),
        earned: [{ amount: '10.0000', token: 'FERN' }],
      })

      const deltas = streamA.events.filter((event) => !isSnapshot(event))
      expect(deltas.map((event) => event.event)).toEqual(['reward', 'reward', 'paid'])
      const ids = [pending, processing, paid].map((event) => BigInt(event.id ?? 0))
      expect(ids[0] < ids[1] && ids[1] < ids[2]).toBe(true)

      const everythingA = JSON.stringify(streamA.events)
      expect(everythingA).not.toContain('b-secret-code')
      expect(everythingA).not.toContain(accountB)
      expect(everythingA).not.toContain(b.userId)
    } finally {
      streamA.close()
      streamB.close()
    }
  })

  it('a change on a long history sends the changed reward alone', async () => {
    const account = randomAccount('long.')
    await seedHistory(account, 300)
    const visitor = await signInVisitor(app, testDatabase.database, account)
    const stream = await live(visitor)
    try {
      const snapshot = snapshotOf(await stream.next(isSnapshot))
      expect(snapshot.history).toHaveLength(HISTORY_PAGE_SIZE)
      expect(snapshot.olderHistory).not.toBeNull()
      const submitted = await submitCode(app, visitor, { code: 'one-more' })
      const delta = await stream.next(rewardDelta('one-more'))
      expect(delta.data).toEqual({ reward: submitted.json().reward })
    } finally {
      stream.close()
    }
  })

  it('the total earned covers the whole history, not its first page, per token and exactly, and a payment brings the new total', async () => {
    const account = randomAccount('sum.')
    await seedHistory(account, 300)
    await seedHistory(account, 1, '0.1000')
    await seedHistory(account, 1, '0.2000')
    await seedHistory(account, 2, '1.25', 'LEAF')
    await seedHistory(randomAccount('other.'), 5)
    const visitor = await signInVisitor(app, testDatabase.database, account)
    const stream = await live(visitor)
    try {
      const snapshot = snapshotOf(await stream.next(isSnapshot))
      expect(snapshot.history).toHaveLength(HISTORY_PAGE_SIZE)
      expect(snapshot.earned).toEqual([
        { amount: '300.3000', token: 'FERN' },
        { amount: '2.50', token: 'LEAF' },
      ])

      const submitted = await submitCode(app, visitor, { code: 'one-more-paid' })
      await payElsewhere(submitted.json().reward.id, account, 'one-more-paid')
      // The seeding's own events may reach the stream after its snapshot (event ids are not
      // commit order, so the feed sends them again rather than risk dropping one): the payment's
      // event is the one naming its code.
      const paid = await stream.next(
        (event) =>
          event.event === 'paid' && (event.data as RewardPaid).entry.code === 'one-more-paid',
      )
      expect((paid.data as RewardPaid).earned).toEqual([
        { amount: '310.3000', token: 'FERN' },
        { amount: '2.50', token: 'LEAF' },
      ])
    } finally {
      stream.close()
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
      await stream.next(
        (event) => isSnapshot(event) && snapshotOf(event).user.waxAccount === account,
      )

      // A change by another visitor on the same wallet reaches this user now.
      const other = await signInVisitor(app, testDatabase.database, account)
      expect((await submitCode(app, other, { code: 'shared-wallet' })).statusCode).toBe(201)
      await stream.next(rewardDelta('shared-wallet'))
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

describe('resuming with Last-Event-ID', () => {
  it('a reconnecting stream receives only the changes it missed, in order', async () => {
    const account = randomAccount('resume.')
    const visitor = await signInVisitor(app, testDatabase.database, account)
    const stream = await live(visitor)
    await stream.next(isSnapshot)
    await submitCode(app, visitor, { code: 'seen-code' })
    const seen = await stream.next(rewardDelta('seen-code'))
    stream.close()

    await submitCode(app, visitor, { code: 'missed-one' })
    await submitCode(app, visitor, { code: 'missed-two' })
    const resumed = await live(visitor, seen.id)
    try {
      await resumed.next(rewardDelta('missed-two'))
      expect(resumed.events.map((event) => (event.data as RewardChanged).reward?.code)).toEqual([
        'missed-one',
        'missed-two',
      ])
      expect(resumed.events.some(isSnapshot)).toBe(false)
    } finally {
      resumed.close()
    }
  })

  it('a snapshot’s id resumes too: nothing missed, nothing sent', async () => {
    const visitor = await signInVisitor(app, testDatabase.database, randomAccount('quiet.'))
    await submitCode(app, visitor, { code: 'before-snapshot' })
    const stream = await live(visitor)
    const snapshot = await stream.next(isSnapshot)
    stream.close()
    expect(snapshot.id).toBeDefined()
    const resumed = await live(visitor, snapshot.id)
    try {
      await submitCode(app, visitor, { code: 'after-resume' })
      const delta = await resumed.next(rewardDelta('after-resume'))
      // The resume itself sent nothing: no snapshot, nothing from before. The new reward may come
      // twice, live and in the resume's read, when it commits while that read runs: a repeated
      // event changes nothing.
      expect(resumed.events.every((event) => event.id === delta.id)).toBe(true)
    } finally {
      resumed.close()
    }
  })

  it('an id pruned from the outbox, or one we never wrote, gets a fresh snapshot', async () => {
    const visitor = await signInVisitor(app, testDatabase.database, randomAccount('gap.'))
    const stream = await live(visitor)
    await stream.next(isSnapshot)
    await submitCode(app, visitor, { code: 'forgotten' })
    const forgotten = await stream.next(rewardDelta('forgotten'))
    stream.close()
    // Its event has aged past the resumable window, and the server's prune forgets it.
    await testDatabase.database.query(
      "UPDATE live_events SET created_at = now() - interval '2 hours' WHERE id <= $1",
      [forgotten.id],
    )
    await pruneEvents(testDatabase.database)
    const [kept] = await testDatabase.database.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM live_events WHERE id <= $1',
      [forgotten.id],
    )
    expect(kept.count).toBe(0)
    await submitCode(app, visitor, { code: 'after-the-gap' })

    for (const lastEventId of [forgotten.id, 'not-an-id']) {
      const resumed = await live(visitor, lastEventId)
      try {
        const first = await resumed.next(() => true)
        expect(first.event).toBe('snapshot')
        expect(snapshotOf(first).pending.map(({ code }) => code)).toEqual([
          'after-the-gap',
          'forgotten',
        ])
      } finally {
        resumed.close()
      }
    }
  })

  // Only PostgreSQL runs transactions side by side (PGlite commits one at a time).
  if (testDriver === 'postgres') {
    it('a change that commits after a later one is still delivered on resume', async () => {
      const account = randomAccount('late.')
      const visitor = await signInVisitor(app, testDatabase.database, account)
      const stream = await live(visitor)
      await stream.next(isSnapshot)
      let commit = () => {}
      const mayCommit = new Promise<void>((resolve) => {
        commit = resolve
      })
      let written = () => {}
      const hasWritten = new Promise<void>((resolve) => {
        written = resolve
      })
      const straggler = elsewhere.transaction(async (tx) => {
        await tx.query('INSERT INTO rewards (code, wax_account, user_id) VALUES ($1, $2, $3)', [
          'straggler',
          account,
          visitor.userId,
        ])
        written()
        await mayCommit
      })
      await hasWritten
      await submitCode(app, visitor, { code: 'overtaker' })
      const overtaker = await stream.next(rewardDelta('overtaker'))
      stream.close()
      commit()
      await straggler

      const resumed = await live(visitor, overtaker.id)
      try {
        await resumed.next(rewardDelta('straggler'))
        expect(resumed.events.some(isSnapshot)).toBe(false)
      } finally {
        resumed.close()
      }
    })
  }
})

/** Gives an account `entries` paid rewards of the past, each of `amount` `token`. */
async function seedHistory(account: string, entries: number, amount = '1.0000', token = 'FERN') {
  await testDatabase.database.query(
    `WITH paid AS (
       INSERT INTO rewards (code, wax_account, status)
       SELECT 'old-' || $4 || '-' || $5 || '-' || g, $1, 'completed'
         FROM generate_series(1, $2::int) AS g
       RETURNING id, code)
     INSERT INTO reward_history (reward_id, wax_account, code, amount, token, transaction_id, "timestamp")
     SELECT id, $1, code, $4, $5, $3, now() - interval '1 day' FROM paid`,
    [account, entries, 'ef'.repeat(32), amount, token],
  )
}

// A stream a change to its session ended tells EventSource to come back after half a second, not
// the 2 s after a drop: the cookie then names the session that replaced it, or none.
describe('a stream lives no longer than its session', () => {
  it('signing out ends the session’s open stream, telling EventSource to come back soon', async () => {
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
    expect(stream.retry).toBe(500)
  })

  it('a wallet login ends the streams opened with the token it replaces, telling EventSource to come back soon with the new one', async () => {
    const visitor = await signInVisitor(app, testDatabase.database)
    const stream = await live(visitor)
    await stream.next(() => true)
    const bound = await connectWithProof(app, 'alice.wam', {}, { cookie: visitor.cookie })
    await stream.ended
    expect(stream.retry).toBe(500)
    expect(
      stream.events.some(
        (event) => isSnapshot(event) && snapshotOf(event).user.waxAccount !== null,
      ),
    ).toBe(false)

    const renewed = await live({ ...visitor, cookie: bound.cookie })
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
    // Ended by this process's clock: the reader waits the usual pause, and finds it ended then.
    expect(stream.retry).toBe(2_000)
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
    // A server going away is come back to after the usual pause, not sooner.
    expect(stream.retry).toBe(2_000)
  })
})

describe('reading events for the streams', () => {
  it('reads one batch at a time, so a later event never carries an older state of a reward than an earlier one', async () => {
    const [{ id }] = await testDatabase.database.query<{ id: string }>(
      `INSERT INTO rewards (code, wax_account, status) VALUES ('in-turn', $1, 'pending') RETURNING id`,
      [randomAccount('turn.')],
    )
    const setStatus = (status: string) =>
      testDatabase.database.query('UPDATE rewards SET status = $2 WHERE id = $1', [id, status])
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
    // The database as a busy pool is: the first read waits for a connection, later ones need not.
    let reads = 0
    const busyPool: Queryable = {
      async query(sql, params) {
        reads += 1
        if (reads === 1) await pause(150)
        return testDatabase.database.query(sql, params)
      },
      exec: (sql) => testDatabase.database.exec(sql),
    }
    const reader = new DeltaReader(busyPool)
    const event = (eventId: string) => ({ id: eventId, kind: 'reward' as const, subject: id })

    const first = reader.read(event('1'))
    await pause(20)
    await setStatus('processing')
    const second = reader.read(event('2'))
    await pause(40)
    await setStatus('confirming')

    const statuses = (await Promise.all([first, second])).map((delta) =>
      delta?.type === 'reward' ? delta.data.reward.status : undefined,
    )
    const lifecycle = ['pending', 'processing', 'confirming']
    const order = statuses.map((status) => lifecycle.indexOf(status ?? ''))
    expect(order.includes(-1)).toBe(false)
    expect(order).toEqual([...order].sort())
  })

  describe('a reward’s event carries the reward', () => {
    it('even one too long for a notification: it commits all the same, and the feed reads it', async () => {
      const visitor = await signInVisitor(app, testDatabase.database, randomAccount('long.'))
      const stream = await live(visitor)
      const [{ wax_account: account }] = await testDatabase.database.query<{ wax_account: string }>(
        'SELECT wax_account FROM users WHERE id = $1',
        [visitor.userId],
      )
      await stream.next(isSnapshot)
      const reason = 'A reason longer than any notification. '.repeat(250)
      const [{ id }] = await testDatabase.database.query<{ id: string }>(
        `INSERT INTO rewards (code, wax_account, status, reason) VALUES ('too-long', $1, 'rejected', $2)
         RETURNING id`,
        [account, reason],
      )
      const delta = await stream.next(rewardDelta('too-long', 'rejected'))
      expect((delta.data as RewardChanged).reward).toMatchObject({ id, reason })
      stream.close()
    })
  })
})
