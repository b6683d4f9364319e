import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import { signInVisitor, type Visitor } from './support/rewards.ts'
import { buildTestApp } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'

let testDatabase: TestDatabase
let app: App

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  app = await buildTestApp(testDatabase.database, {
    TRUST_PROXY: '1',
    REWARD_LISTS_PER_MINUTE: '3',
    REWARD_LISTS_PER_MINUTE_PER_ADDRESS: '8',
  })
})
afterAll(async () => {
  await app.close()
  await testDatabase.drop()
})

const visitorFrom = (address: string) =>
  signInVisitor(app, testDatabase.database, undefined, { 'x-forwarded-for': address })

const readLists = (visitor: Visitor | undefined, address: string) =>
  app.inject({
    method: 'GET',
    url: '/api/rewards',
    headers: { 'x-forwarded-for': address, ...(visitor && { cookie: visitor.cookie }) },
  })

const RATE_LIMITED = {
  code: 'RATE_LIMITED',
  message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds?\.$/),
}

describe('limits on reading the reward lists', () => {
  it('one session’s reads are limited with the 429 the app shows, saying when to try again', async () => {
    const visitor = await visitorFrom('198.51.100.10')
    const statuses = []
    for (let read = 0; read < 4; read++) {
      statuses.push((await readLists(visitor, '198.51.100.10')).statusCode)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
    const refused = await readLists(visitor, '198.51.100.10')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toEqual(RATE_LIMITED)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)

    // Another session is counted on its own, even from the same address.
    expect((await readLists(await visitorFrom('198.51.100.10'), '198.51.100.10')).statusCode).toBe(
      200,
    )
  })

  it('one address’s reads are limited whichever of its sessions make them', async () => {
    const address = '198.51.100.20'
    const sessions = [
      await visitorFrom(address),
      await visitorFrom(address),
      await visitorFrom(address),
    ]
    const statuses = []
    for (const visitor of [...sessions, ...sessions, ...sessions]) {
      statuses.push((await readLists(visitor, address)).statusCode)
    }
    // Three sessions within their own limit of three, the ninth read over the address's eight.
    expect(statuses).toEqual([...Array(8).fill(200), 429])
    // Other addresses are counted on their own.
    expect((await readLists(await visitorFrom('198.51.100.21'), '198.51.100.21')).statusCode).toBe(
      200,
    )
  })

  it('reads without a session are counted by their address, refused 401 until that is over', async () => {
    const address = '198.51.100.30'
    const statuses = []
    for (let read = 0; read < 6; read++)
      statuses.push((await readLists(undefined, address)).statusCode)
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429])
  })
})
