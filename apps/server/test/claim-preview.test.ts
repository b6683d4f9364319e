import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import { buildApp } from '../src/app.ts'
import { seedCatalogueFor } from '../src/campaigns/welcome.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { randomAccount, signInVisitor, submitCode } from './support/rewards.ts'
import { buildTestApp, createTestChain, TEST_ORIGIN } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'
import { fernCampaign } from './support/worker.ts'

const NOT_FOUND = {
  error: { code: 'CLAIM_NOT_FOUND', message: 'There is no reward to claim with this code.' },
}

let testDatabase: TestDatabase
let app: App
// Limits are kept per client address: each test asks from addresses of its own.
let addresses = 0
const freshAddress = () => `10.26.${Math.floor(++addresses / 250)}.${addresses % 250}`

const day = 86_400_000
const inDays = (days: number) => new Date(Date.now() + days * day)

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  const { database } = testDatabase
  await seedCatalogueFor(readEnvironment({}), database)
  await fernCampaign(database, 'spring-fair', ['spring-open', 'spring-used'], {
    name: 'Spring Fair',
    kind: 'unique',
    rewardQuantity: '12.5000 FERN',
    startsAt: inDays(-1),
    endsAt: inDays(30),
  })
  await database.query("UPDATE codes SET uses_left = 0 WHERE code = 'spring-used'")
  const fiveFern = { rewardQuantity: '5.0000 FERN' }
  await fernCampaign(database, 'summer', ['summer-soon'], {
    ...fiveFern,
    name: 'Summer',
    startsAt: inDays(10),
  })
  await fernCampaign(database, 'winter', ['winter-gone'], {
    ...fiveFern,
    name: 'Winter',
    endsAt: inDays(-1),
  })
  await fernCampaign(database, 'tiny', ['tiny-taken'], { name: 'Tiny', totalCap: 1 })
  await database.query("UPDATE campaigns SET claimed_count = 1 WHERE slug = 'tiny'")
  await fernCampaign(database, 'lanterns', ['lantern-walk'], { name: 'Lanterns', totalCap: 10 })
  await database.query("UPDATE campaigns SET claimed_count = 3 WHERE slug = 'lanterns'")
  app = await buildTestApp(database, { INVALID_CODE_LOCKOUT_ATTEMPTS: '3' })
})
afterAll(async () => {
  await app.close()
  await testDatabase.drop()
})

function preview(code: string, remoteAddress = freshAddress(), target = app) {
  return target.inject({ method: 'GET', url: `/api/claims/${code}`, remoteAddress })
}

describe('what a claim link pays, asked signed out', () => {
  it('answers the campaign, the reward, its window and that it is open, kept out of caches', async () => {
    const response = await preview('spring-open')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({
      campaign: 'Spring Fair',
      reward: { amount: '12.5000', token: 'FERN' },
      startsAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      endsAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      state: 'open',
      remaining: null,
    })
  })

  it('says how many claims are left under a cap, none once it is reached, and null without one', async () => {
    expect((await preview('lantern-walk')).json()).toMatchObject({ state: 'open', remaining: 7 })
    expect((await preview('tiny-taken')).json()).toMatchObject({
      state: 'fully_claimed',
      remaining: 0,
    })
    expect((await preview('fernwoodwelcome')).json()).toMatchObject({ remaining: null })
  })

  it('reads the code as a submission does: percent-encoded, in capitals, full-width', async () => {
    for (const code of [
      'SPRING-OPEN',
      '%20spring-open%20',
      encodeURIComponent('ＳＰＲＩＮＧ-ＯＰＥＮ'),
    ]) {
      const response = await preview(code)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ campaign: 'Spring Fair' })
    }
  })

  it('says why a known code cannot pay now: not started (and when it opens), ended, fully claimed', async () => {
    expect((await preview('summer-soon')).json()).toMatchObject({
      state: 'not_started',
      startsAt: expect.any(String),
      endsAt: null,
    })
    expect((await preview('winter-gone')).json()).toMatchObject({ state: 'ended' })
    expect((await preview('tiny-taken')).json()).toMatchObject({ state: 'fully_claimed' })
    expect((await preview('fernwoodwelcome')).json()).toMatchObject({
      reward: { amount: '10.0000', token: 'FERN' },
      startsAt: null,
      endsAt: null,
      state: 'open',
    })
  })

  it('answers an unknown code and a used-up unique code alike, with 404', async () => {
    const unknown = await preview('no-such-code')
    const used = await preview('spring-used')
    expect([unknown.statusCode, used.statusCode]).toEqual([404, 404])
    expect(unknown.json()).toEqual(NOT_FOUND)
    expect(used.json()).toEqual(NOT_FOUND)
    expect(used.headers['cache-control']).toBe('no-store')
  })

  it('locks an address out after as many misses as the unknown-code lockout allows, known codes too', async () => {
    const guesser = freshAddress()
    const misses = []
    for (const guess of ['guess-1', 'guess-2', 'guess-3']) {
      misses.push((await preview(guess, guesser)).statusCode)
    }
    expect(misses).toEqual([404, 404, 404])
    const locked = await preview('spring-open', guesser)
    expect(locked.statusCode).toBe(429)
    expect(locked.json().error.code).toBe('CODE_LOCKED_OUT')
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
    // Only misses cost: another address, and any number of hits, are not held back.
    const reader = freshAddress()
    for (let look = 0; look < 5; look++) {
      expect((await preview('spring-open', reader)).statusCode).toBe(200)
    }
  })

  it('answers no more misses than the lockout allows to previews sent all at once', async () => {
    const guesser = freshAddress()
    const answered = await Promise.all(
      Array.from({ length: 55 }, (_, guess) => preview(`burst-${guess}`, guesser)),
    )
    const outcomes = answered.map(
      (response) => `${response.statusCode} ${response.json().error.code}`,
    )
    expect(outcomes.filter((outcome) => outcome === '404 CLAIM_NOT_FOUND')).toHaveLength(3)
    expect(outcomes.filter((outcome) => outcome === '429 CODE_LOCKED_OUT')).toHaveLength(52)
    expect((await preview('spring-open', guesser)).statusCode).toBe(429)
  })

  it('allows an address CLAIM_PREVIEWS_PER_MINUTE_PER_ADDRESS looks a minute', async () => {
    const limited = await buildTestApp(testDatabase.database, {
      CLAIM_PREVIEWS_PER_MINUTE_PER_ADDRESS: '2',
    })
    const address = freshAddress()
    const statuses = []
    for (let look = 0; look < 3; look++) {
      statuses.push((await preview('spring-open', address, limited)).statusCode)
    }
    await limited.close()
    expect(statuses).toEqual([200, 200, 429])
  })

  it('answers what cannot be a code (too long, control characters) as an unknown one', async () => {
    for (const code of ['x'.repeat(80), 'moss%E2%80%AEoak']) {
      const response = await preview(code)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual(NOT_FOUND)
    }
  })

  it('never writes the code into the log', async () => {
    const lines: string[] = []
    const chain = await createTestChain()
    const logged = await buildApp({
      env: readEnvironment({ PUBLIC_ORIGIN: TEST_ORIGIN, WEB_DIST: '/nonexistent' }),
      database: testDatabase.database,
      chain,
      logger: {
        level: 'debug',
        stream: new Writable({
          write(chunk, _encoding, done) {
            lines.push(String(chunk))
            done()
          },
        }),
      },
    })
    try {
      await preview('spring-open', freshAddress(), logged)
      await preview('secret-never-logged', freshAddress(), logged)
      await preview('%73ecret-never-logged', freshAddress(), logged)
      await logged.inject({
        url: '/api//claims/secret-never-logged',
        remoteAddress: freshAddress(),
      })
    } finally {
      await logged.close()
      await chain.close()
    }
    const log = lines.join('')
    expect(log).toContain('/api/claims/[redacted]')
    expect(log).not.toContain('spring-open')
    expect(log).not.toContain('never-logged')
  })
})

describe('a code submitted that the catalogue refuses as it stands', () => {
  it('is answered 201 already rejected, with why, and an accepted one stays pending', async () => {
    const visitor = await signInVisitor(app, testDatabase.database, randomAccount('claim.'))
    const unknown = await submitCode(app, visitor, { code: 'not-in-the-catalogue' })
    const ended = await submitCode(app, visitor, { code: 'winter-gone' })
    const soon = await submitCode(app, visitor, { code: 'summer-soon' })
    const open = await submitCode(app, visitor, { code: 'spring-open' })
    expect([unknown, ended, soon, open].map((response) => response.statusCode)).toEqual([
      201, 201, 201, 201,
    ])
    expect(unknown.json().reward).toMatchObject({
      status: 'rejected',
      rejection: 'unknown_code',
      reason: 'This code does not exist.',
    })
    expect(ended.json().reward).toMatchObject({ status: 'rejected', rejection: 'ended' })
    expect(soon.json().reward).toMatchObject({ status: 'rejected', rejection: 'not_started' })
    expect(open.json().reward).toMatchObject({ status: 'pending', reason: null })
    expect(open.json().reward.rejection).toBeUndefined()
  })
})
