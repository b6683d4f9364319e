import { type Challenge, solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import { addCodes, createCampaign } from '../src/campaigns/catalogue.ts'
import type { Database } from '../src/db/database.ts'
import { randomAccount, signInVisitor, submitCode, type Visitor } from './support/rewards.ts'
import { buildTestApp, jsonFromSite } from './support/test-app.ts'
import { useTestApp } from './support/use-test-app.ts'

// The check as a deployment has it, made cheap to solve: what is tested is who passes, not CPU.
const CHECK_ON = {
  HUMAN_CHECK_DEFAULT: 'pow',
  HUMAN_CHECK_COST: '1',
  HUMAN_CHECK_BASE_ATTEMPTS: '20',
  HUMAN_CHECK_ADDRESS_FREE_ACCOUNTS: '1',
  HUMAN_CHECK_ADDRESS_WEIGHT: '2',
  // The test chain's accounts are all minutes old: the young-account test turns this on itself.
  HUMAN_CHECK_YOUNG_ACCOUNT_DAYS: '0',
}

const shared = useTestApp({ environment: CHECK_ON })

/** Shared codes of campaigns made before any claim (a server reads the settings every 5 s). */
const CODES = { followsDefault: 'hc-default', pow: 'hc-pow', off: 'hc-off' }
const UNIQUE_CODES = ['hc-link-1', 'hc-link-2']
const KIOSK_CODE = 'hc-kiosk-1'

beforeAll(async () => {
  const { database } = shared
  await sharedCampaign(database, CODES.followsDefault, null)
  await sharedCampaign(database, CODES.pow, 'pow')
  await sharedCampaign(database, CODES.off, 'off')
  const links = await createCampaign(database, {
    slug: 'hc-links',
    name: 'Claim links',
    kind: 'unique',
    rewardQuantity: '1.0000 FERN',
    tokenContract: 'fern.token',
  })
  await addCodes(database, links, [...UNIQUE_CODES, KIOSK_CODE])
  await database.query(
    "UPDATE codes SET kiosk_until = now() + interval '2 minutes' WHERE code = $1",
    [KIOSK_CODE],
  )
})

async function sharedCampaign(database: Database, code: string, humanCheck: 'pow' | 'off' | null) {
  const campaign = await createCampaign(database, {
    slug: code,
    name: code,
    kind: 'shared',
    rewardQuantity: '1.0000 FERN',
    tokenContract: 'fern.token',
  })
  await addCodes(database, campaign, [code])
  await database.query('UPDATE campaigns SET human_check = $2 WHERE id = $1', [
    campaign.id,
    humanCheck,
  ])
}

const visitorWithWallet = (app: App = shared.app) =>
  signInVisitor(app, shared.database, randomAccount('hc.'))

async function askChallenge(
  app: App,
  visitor: Visitor,
  code: string,
  remoteAddress = '127.0.0.1',
): Promise<{ challenge: Challenge; difficulty: number }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/claims/challenge',
    headers: { ...jsonFromSite, cookie: visitor.cookie },
    payload: { code },
    remoteAddress,
  })
  expect(response.statusCode).toBe(200)
  return response.json()
}

/** A challenge solved as a browser solves it: ALTCHA's payload, base64 of its JSON. */
async function solvedCheck(
  app: App,
  visitor: Visitor,
  code: string,
  remoteAddress?: string,
): Promise<string> {
  const { challenge } = await askChallenge(app, visitor, code, remoteAddress)
  const solution = await solveChallenge({ challenge, deriveKey })
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

function claim(
  app: App,
  visitor: Visitor,
  code: string,
  humanCheck?: string,
  remoteAddress = '127.0.0.1',
) {
  return app.inject({
    method: 'POST',
    url: '/api/codes',
    headers: { ...jsonFromSite, cookie: visitor.cookie },
    payload: { code, ...(humanCheck && { humanCheck }) },
    remoteAddress,
  })
}

const refusal = (response: { statusCode: number; json(): { error: { code: string } } }) => [
  response.statusCode,
  response.json().error.code,
]

async function rewardsOfCode(code: string): Promise<number> {
  const [{ count }] = await shared.database.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM rewards WHERE code = $1',
    [code],
  )
  return count
}

describe('the human check', () => {
  it('refuses a claim without a solution with HUMAN_CHECK_REQUIRED, recording nothing', async () => {
    const visitor = await visitorWithWallet()
    const response = await submitCode(shared.app, visitor, { code: CODES.pow })
    expect(refusal(response)).toEqual([403, 'HUMAN_CHECK_REQUIRED'])
    expect(await rewardsOfCode(CODES.pow)).toBe(0)
  })

  it('lets a claim with its solved challenge through, the code typed in any case', async () => {
    const visitor = await visitorWithWallet()
    const check = await solvedCheck(shared.app, visitor, ' HC-POW ')
    const response = await claim(shared.app, visitor, 'hc-pow', check)
    expect(response.statusCode).toBe(201)
    expect(response.json().reward).toMatchObject({ code: CODES.pow, status: 'pending' })
  })

  it('refuses a wrong solution and a tampered challenge with HUMAN_CHECK_INVALID', async () => {
    const visitor = await visitorWithWallet()
    const { challenge } = await askChallenge(shared.app, visitor, CODES.pow)
    const solution = await solveChallenge({ challenge, deriveKey })
    if (!solution) throw new Error('unsolved')
    const wrongKey = {
      ...solution,
      derivedKey: solution.derivedKey.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
    }
    const easier = {
      ...challenge,
      parameters: { ...challenge.parameters, keyPrefix: '00' },
    }
    for (const payload of [
      { challenge, solution: wrongKey },
      { challenge: easier, solution },
    ]) {
      const check = Buffer.from(JSON.stringify(payload)).toString('base64')
      expect(refusal(await claim(shared.app, visitor, CODES.pow, check))).toEqual([
        403,
        'HUMAN_CHECK_INVALID',
      ])
    }
    expect(refusal(await claim(shared.app, visitor, CODES.pow, 'not a payload'))).toEqual([
      403,
      'HUMAN_CHECK_INVALID',
    ])
  })

  it('refuses a solution bound to another session or another code', async () => {
    const owner = await visitorWithWallet()
    const other = await visitorWithWallet()
    const ownersCheck = await solvedCheck(shared.app, owner, CODES.pow)
    expect(refusal(await claim(shared.app, other, CODES.pow, ownersCheck))).toEqual([
      403,
      'HUMAN_CHECK_INVALID',
    ])
    const checkOfAnotherCode = await solvedCheck(shared.app, owner, CODES.followsDefault)
    expect(refusal(await claim(shared.app, owner, CODES.pow, checkOfAnotherCode))).toEqual([
      403,
      'HUMAN_CHECK_INVALID',
    ])
    // Neither was spent: the owner still claims with its own.
    expect((await claim(shared.app, owner, CODES.pow, ownersCheck)).statusCode).toBe(201)
  })

  it('accepts a solution once, on any server of the database: a replay is refused', async () => {
    const second = await buildTestApp(shared.database, CHECK_ON)
    try {
      const visitor = await visitorWithWallet()
      const check = await solvedCheck(shared.app, visitor, UNIQUE_CODES[0])
      // Issued by one server, verified by another: they derive the same keys.
      expect((await claim(second, visitor, UNIQUE_CODES[0], check)).statusCode).toBe(201)
      for (const app of [second, shared.app]) {
        expect(refusal(await claim(app, visitor, UNIQUE_CODES[0], check))).toEqual([
          403,
          'HUMAN_CHECK_REPLAYED',
        ])
      }
    } finally {
      await second.close()
    }
  })

  it('refuses a solution sent after its challenge expired with HUMAN_CHECK_EXPIRED', async () => {
    const shortLived = await buildTestApp(shared.database, {
      ...CHECK_ON,
      HUMAN_CHECK_TTL_SECONDS: '1',
    })
    try {
      const visitor = await visitorWithWallet(shortLived)
      const check = await solvedCheck(shortLived, visitor, CODES.pow)
      const { expiresAt } = JSON.parse(Buffer.from(check, 'base64').toString()).challenge
        .parameters as { expiresAt: number }
      await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 1100))
      expect(refusal(await claim(shortLived, visitor, CODES.pow, check))).toEqual([
        403,
        'HUMAN_CHECK_EXPIRED',
      ])
    } finally {
      await shortLived.close()
    }
  })

  it('grows harder with each further account claiming from one IPv4 /24, not from the next', async () => {
    const network = '10.20.30'
    const first = await visitorWithWallet()
    expect((await askChallenge(shared.app, first, CODES.pow, `${network}.1`)).difficulty).toBe(1)
    for (let host = 1; host <= 3; host++) {
      const visitor = host === 1 ? first : await visitorWithWallet()
      const address = `${network}.${host}`
      const check = await solvedCheck(shared.app, visitor, CODES.pow, address)
      expect((await claim(shared.app, visitor, CODES.pow, check, address)).statusCode).toBe(201)
    }
    // Three accounts claimed behind 10.20.30.0/24; one is free, each further one adds two.
    const next = await visitorWithWallet()
    expect((await askChallenge(shared.app, next, CODES.pow, `${network}.99`)).difficulty).toBe(5)
    expect((await askChallenge(shared.app, next, CODES.pow, '10.20.31.1')).difficulty).toBe(1)
    // An account's own claims do not count against it.
    expect((await askChallenge(shared.app, first, CODES.pow, `${network}.1`)).difficulty).toBe(3)
  })

  it('counts an IPv6 /64 as one address', async () => {
    for (const host of ['1', '2', '3']) {
      const visitor = await visitorWithWallet()
      const address = `2001:db8:7:7::${host}`
      const check = await solvedCheck(shared.app, visitor, CODES.followsDefault, address)
      const response = await claim(shared.app, visitor, CODES.followsDefault, check, address)
      expect(response.statusCode).toBe(201)
    }
    const next = await visitorWithWallet()
    const sameLine = await askChallenge(shared.app, next, CODES.pow, '2001:db8:7:7:abcd::1')
    expect(sameLine.difficulty).toBe(5)
    const nextLine = await askChallenge(shared.app, next, CODES.pow, '2001:db8:7:8::1')
    expect(nextLine.difficulty).toBe(1)
  })

  it('costs a young account more, its age read through the chain', async () => {
    const young = await buildTestApp(shared.database, {
      ...CHECK_ON,
      HUMAN_CHECK_YOUNG_ACCOUNT_DAYS: '7',
      HUMAN_CHECK_YOUNG_ACCOUNT_FACTOR: '4',
    })
    try {
      // alice.wam exists on the test chain, created when it started.
      const visitor = await signInVisitor(young, shared.database, 'alice.wam')
      const address = '10.77.0.1'
      expect((await askChallenge(young, visitor, CODES.pow, address)).difficulty).toBe(4)
      expect((await askChallenge(shared.app, visitor, CODES.pow, address)).difficulty).toBe(1)
    } finally {
      await young.close()
    }
  })

  it('leaves claims of a campaign with the check off, and kiosk codes, as they were', async () => {
    const visitor = await visitorWithWallet()
    expect((await submitCode(shared.app, visitor, { code: CODES.off })).statusCode).toBe(201)
    expect((await submitCode(shared.app, visitor, { code: KIOSK_CODE })).statusCode).toBe(201)
    // A unique code travelling as a claim link is checked like a shared one.
    expect(refusal(await submitCode(shared.app, visitor, { code: UNIQUE_CODES[1] }))).toEqual([
      403,
      'HUMAN_CHECK_REQUIRED',
    ])
  })

  it('applies the deployment default where the campaign does not choose', async () => {
    const defaultOff = await buildTestApp(shared.database, {
      ...CHECK_ON,
      HUMAN_CHECK_DEFAULT: 'off',
    })
    try {
      const visitor = await visitorWithWallet()
      expect(
        refusal(await submitCode(shared.app, visitor, { code: CODES.followsDefault })),
      ).toEqual([403, 'HUMAN_CHECK_REQUIRED'])
      const response = await submitCode(defaultOff, visitor, { code: CODES.followsDefault })
      expect(response.statusCode).toBe(201)
      // A campaign that chose the check keeps it whatever the default.
      expect(refusal(await submitCode(defaultOff, visitor, { code: CODES.pow }))).toEqual([
        403,
        'HUMAN_CHECK_REQUIRED',
      ])
    } finally {
      await defaultOff.close()
    }
  })
})
