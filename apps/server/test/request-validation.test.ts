import { describe, expect, it } from 'vitest'
import { randomAccount, rewardsOf, signInVisitor, submitCode } from './support/rewards.ts'
import { useTestApp } from './support/use-test-app.ts'

const INVALID = {
  error: { code: 'CODE_INVALID', message: 'Please connect your wallet and enter a valid code.' },
}

const shared = useTestApp({
  seedCatalogue: true,
  environment: {
    CODE_SUBMITS_PER_MINUTE: '1000',
    CODE_SUBMITS_PER_MINUTE_PER_ADDRESS: '1000',
    INVALID_CODE_LOCKOUT_ATTEMPTS: '1000',
  },
})

/** Each of `codes`, sent by one visitor, is refused (400) as invalid, and nothing is stored. */
async function expectRefusedAndNothingStored(codes: unknown[]) {
  const visitor = await signInVisitor(shared.app, shared.database, randomAccount('valid.'))
  for (const code of codes) {
    const response = await submitCode(shared.app, visitor, { code })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual(INVALID)
  }
  expect(await rewardsOf(shared.app, visitor)).toEqual({
    pending: [],
    olderPending: null,
    history: [],
    olderHistory: null,
  })
}

describe('request validation never coerces types', () => {
  it('a code sent as a number or an array is refused (400) and nothing is stored', async () => {
    await expectRefusedAndNothingStored([
      123,
      ['fernwoodwelcome'],
      true,
      null,
      { code: 'fernwoodwelcome' },
    ])
  })
})

describe('code normalisation', () => {
  it('a full-width code typed on a phone is stored in the catalogue’s spelling', async () => {
    const visitor = await signInVisitor(shared.app, shared.database, randomAccount('valid.'))
    const response = await submitCode(shared.app, visitor, {
      code: 'ＦＥＲＮＷＯＯＤＷＥＬＣＯＭＥ',
    })
    expect(response.statusCode).toBe(201)
    expect(response.json().reward.code).toBe('fernwoodwelcome')
  })

  it('a code holding a bidirectional override is refused with the invalid-code message', async () => {
    await expectRefusedAndNothingStored([
      'fernwood\u202eemoclew',
      '\u2066fernwoodwelcome\u2069',
      'fern\u200bwood',
    ])
  })
})
