import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import { seedCatalogueFor } from '../src/campaigns/welcome.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { randomAccount, rewardsOf, signInVisitor, submitCode } from './support/rewards.ts'
import { buildTestApp } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'

const INVALID = {
  error: { code: 'CODE_INVALID', message: 'Please connect your wallet and enter a valid code.' },
}

let testDatabase: TestDatabase
let app: App

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  await seedCatalogueFor(readEnvironment({}), testDatabase.database)
  app = await buildTestApp(testDatabase.database, {
    CODE_SUBMITS_PER_MINUTE: '1000',
    CODE_SUBMITS_PER_MINUTE_PER_ADDRESS: '1000',
    INVALID_CODE_LOCKOUT_ATTEMPTS: '1000',
  })
})
afterAll(async () => {
  await app.close()
  await testDatabase.drop()
})

describe('request validation never coerces types', () => {
  it('a code sent as a number or an array is refused (400) and nothing is stored', async () => {
    const visitor = await signInVisitor(app, testDatabase.database, randomAccount('valid.'))
    for (const code of [123, ['fernwoodwelcome'], true, null, { code: 'fernwoodwelcome' }]) {
      const response = await submitCode(app, visitor, { code })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual(INVALID)
    }
    expect(await rewardsOf(app, visitor)).toEqual({
      pending: [],
      olderPending: null,
      history: [],
      olderHistory: null,
    })
  })
})

describe('code normalisation', () => {
  it('a full-width code typed on a phone is stored in the catalogue’s spelling', async () => {
    const visitor = await signInVisitor(app, testDatabase.database, randomAccount('valid.'))
    const response = await submitCode(app, visitor, { code: 'ＦＥＲＮＷＯＯＤＷＥＬＣＯＭＥ' })
    expect(response.statusCode).toBe(201)
    expect(response.json().reward.code).toBe('fernwoodwelcome')
  })

  it('a code holding a bidirectional override is refused with the invalid-code message', async () => {
    const visitor = await signInVisitor(app, testDatabase.database, randomAccount('valid.'))
    for (const code of ['fernwood\u202eemoclew', '\u2066fernwoodwelcome\u2069', 'fern\u200bwood']) {
      const response = await submitCode(app, visitor, { code })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual(INVALID)
    }
    expect(await rewardsOf(app, visitor)).toEqual({
      pending: [],
      olderPending: null,
      history: [],
      olderHistory: null,
    })
  })
})
