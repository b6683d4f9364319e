import type { LiveSnapshot, PendingReward } from '@fernwood/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import { seedCatalogueFor } from '../src/campaigns/welcome.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { openEventStream } from './support/event-stream.ts'
import { randomAccount, rewardsOf, signInVisitor, submitCode } from './support/rewards.ts'
import { buildTestApp } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'

let testDatabase: TestDatabase
let app: App
let baseUrl: string

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  await seedCatalogueFor(readEnvironment({}), testDatabase.database)
  app = await buildTestApp(testDatabase.database)
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await app.close()
  await testDatabase.drop()
})

describe("a rejected code's reason", () => {
  it('comes with its stable rejection code, for the web to word in the visitor’s language', async () => {
    const visitor = await signInVisitor(app, testDatabase.database, randomAccount('rej'))
    const rejected = (await submitCode(app, visitor, { code: 'campaign-over' })).json().reward
    // A code the catalogue holds waits for the worker (none runs here) without a rejection.
    const waiting = (await submitCode(app, visitor, { code: 'fernwoodwelcome' })).json().reward
    await testDatabase.database.query(
      `UPDATE rewards SET status = 'rejected', rejection = 'ended',
              reason = 'This campaign has ended.' WHERE id = $1`,
      [rejected.id],
    )

    const { pending } = (await rewardsOf(app, visitor)) as { pending: PendingReward[] }
    expect(pending.find((reward) => reward.id === rejected.id)).toMatchObject({
      status: 'rejected',
      rejection: 'ended',
      reason: 'This campaign has ended.',
    })
    expect(pending.find((reward) => reward.id === waiting.id)).not.toHaveProperty('rejection')

    const stream = await openEventStream(`${baseUrl}/api/live`, visitor.cookie)
    try {
      const snapshot = await stream.next((event) => event.event === 'snapshot')
      const live = (snapshot.data as LiveSnapshot).pending
      expect(live.find((reward) => reward.id === rejected.id)).toMatchObject({ rejection: 'ended' })
    } finally {
      stream.close()
    }
  })
})
