import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'

let testDatabase: TestDatabase

beforeAll(async () => {
  testDatabase = await createTestDatabase()
})
afterAll(async () => {
  await testDatabase.drop()
})

/** `GET /api/config` of a server with `settings`. */
async function publicConfigWith(settings: Record<string, string>) {
  const app = await buildTestApp(testDatabase.database, settings)
  try {
    return (await app.inject('/api/config')).json()
  } finally {
    await app.close()
  }
}

describe('the public config', () => {
  it('says devchainPublic only when DEVCHAIN_PUBLIC=true on the devchain', async () => {
    expect(await publicConfigWith({ CHAIN: 'devchain', DEVCHAIN_PUBLIC: 'true' })).toMatchObject({
      devchainPublic: true,
    })
    expect(await publicConfigWith({ CHAIN: 'devchain' })).not.toHaveProperty('devchainPublic')
    expect(
      await publicConfigWith({ CHAIN: 'devchain', DEVCHAIN_PUBLIC: 'false' }),
    ).not.toHaveProperty('devchainPublic')
  })

  it("gives the reward token's precision, that of the rewards it pays", async () => {
    expect(await publicConfigWith({})).toMatchObject({ token: 'FERN', tokenPrecision: 4 })
    expect(
      await publicConfigWith({ TOKEN_SYMBOL: 'LEAF', WELCOME_REWARD: '3.00 LEAF' }),
    ).toMatchObject({ token: 'LEAF', tokenPrecision: 2 })
    expect(
      await publicConfigWith({ TOKEN_SYMBOL: 'SEED', WELCOME_REWARD: '7 SEED' }),
    ).toMatchObject({ token: 'SEED', tokenPrecision: 0 })
  })
})
