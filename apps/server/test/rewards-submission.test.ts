import { describe, expect, it } from 'vitest'
import {
  randomAccount,
  rewardsOf,
  signInVisitor,
  submitCode,
  type Visitor,
} from './support/rewards.ts'
import { buildTestApp, TEST_ORIGIN } from './support/test-app.ts'
import { useTestApp } from './support/use-test-app.ts'

const INVALID = {
  code: 'CODE_INVALID',
  message: 'Please connect your wallet and enter a valid code.',
}
const DUPLICATE = {
  code: 'CODE_DUPLICATE',
  message: 'This wallet has already used or submitted this code.',
}

const shared = useTestApp({
  seedCatalogue: true,
  environment: { CODE_SUBMITS_PER_MINUTE: '1000', CODE_SUBMITS_PER_MINUTE_PER_ADDRESS: '1000' },
})

const rewardCount = async () => {
  const [{ count }] = await shared.database.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM rewards',
  )
  return count
}

/** A wax account no other test of this file uses. */
const freshAccount = () => randomAccount('test.')

describe('submitting a code', () => {
  it('records a pending reward for the wallet, trimmed and lowercase (201)', async () => {
    const visitor = await signInVisitor(shared.app, shared.database, freshAccount())
    const response = await submitCode(shared.app, visitor, { code: '  FernwoodWelcome \n' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({
      reward: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        code: 'fernwoodwelcome',
        status: 'pending',
        reason: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    })
  })

  it.each([
    ['an empty code', { code: '' }],
    ['a code of spaces', { code: '   ' }],
    ['a code over 64 characters', { code: 'x'.repeat(65) }],
    ['a code with control characters', { code: 'fern\u0000wood' }],
    ['a code that is not a string', { code: { text: 'fernwoodwelcome' } }],
    ['no code at all', {}],
  ])('refuses %s with 400 and the spec message, writing nothing', async (_name, payload) => {
    const visitor = await signInVisitor(shared.app, shared.database, freshAccount())
    const before = await rewardCount()
    const response = await submitCode(shared.app, visitor, payload)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: INVALID })
    expect(await rewardCount()).toBe(before)
  })

  it('refuses a visitor without a wax account with 400 and the spec message', async () => {
    const visitor = await signInVisitor(shared.app, shared.database)
    const response = await submitCode(shared.app, visitor, { code: 'fernwoodwelcome' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: INVALID })
  })

  it('refuses a visitor who is not signed in, or whose session is forged, with 400', async () => {
    const before = await rewardCount()
    for (const visitor of [undefined, { userId: 'x', cookie: 'fernwood_session=forged' }]) {
      const response = await submitCode(shared.app, visitor, { code: 'fernwoodwelcome' })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ error: INVALID })
    }
    expect(await rewardCount()).toBe(before)
  })

  it('refuses the same code from the same wallet again with 409, in any spelling', async () => {
    const visitor = await signInVisitor(shared.app, shared.database, freshAccount())
    expect((await submitCode(shared.app, visitor, { code: 'fernwoodwelcome' })).statusCode).toBe(
      201,
    )
    const again = await submitCode(shared.app, visitor, { code: ' FERNWOODWELCOME' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ error: DUPLICATE })
  })

  it('refuses the code to another visitor on the same wallet too: the wallet holds it', async () => {
    const account = freshAccount()
    const first = await signInVisitor(shared.app, shared.database, account)
    const second = await signInVisitor(shared.app, shared.database, account)
    expect((await submitCode(shared.app, first, { code: 'fernwoodwelcome' })).statusCode).toBe(201)
    const response = await submitCode(shared.app, second, { code: 'fernwoodwelcome' })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ error: DUPLICATE })
  })

  it('50 concurrent submits of one code by one wallet create exactly one reward', async () => {
    const account = freshAccount()
    const visitor = await signInVisitor(shared.app, shared.database, account)
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => submitCode(shared.app, visitor, { code: 'race-code' })),
    )
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(49)
    const rows = await shared.database.query(
      'SELECT id FROM rewards WHERE wax_account = $1 AND code = $2',
      [account, 'race-code'],
    )
    expect(rows).toHaveLength(1)
  })

  it('a state-changing request from another origin is refused before any code is read (403)', async () => {
    const visitor = await signInVisitor(shared.app, shared.database, freshAccount())
    const response = await submitCode(
      shared.app,
      visitor,
      { code: 'x' },
      { origin: 'https://evil.example' },
    )
    expect(response.statusCode).toBe(403)
  })
})

describe('limits on submitting', () => {
  it('submissions are limited per user with a 429 saying when to try again', async () => {
    const limited = await buildTestApp(shared.database, {
      CODE_SUBMITS_PER_MINUTE: '3',
      CODE_SUBMITS_PER_MINUTE_PER_ADDRESS: '100',
    })
    const visitor = await signInVisitor(limited, shared.database, freshAccount())
    const other = await signInVisitor(limited, shared.database, freshAccount())
    const statuses: number[] = []
    let last: Awaited<ReturnType<typeof submitCode>> | undefined
    for (let attempt = 0; attempt < 4; attempt++) {
      last = await submitCode(limited, visitor, { code: `limit-${attempt}` })
      statuses.push(last.statusCode)
    }
    const otherUser = await submitCode(limited, other, { code: 'limit-0' })
    await limited.close()
    expect(statuses).toEqual([201, 201, 201, 429])
    expect(last?.json().error).toEqual({
      code: 'CODES_RATE_LIMITED',
      message: expect.stringMatching(/^Too many codes submitted\. Try again in \d+ seconds?\.$/),
    })
    expect(otherUser.statusCode).toBe(201)
  })

  it('submissions are limited per client address, whoever is signed in', async () => {
    const limited = await buildTestApp(shared.database, {
      CODE_SUBMITS_PER_MINUTE: '100',
      CODE_SUBMITS_PER_MINUTE_PER_ADDRESS: '2',
      TRUST_PROXY: '1',
    })
    const fromOneAddress = { 'x-forwarded-for': '192.0.2.2' }
    const statuses: number[] = []
    for (let attempt = 0; attempt < 3; attempt++) {
      const visitor = await signInVisitor(limited, shared.database, freshAccount())
      const response = await submitCode(limited, visitor, { code: 'per-address' }, fromOneAddress)
      statuses.push(response.statusCode)
    }
    await limited.close()
    expect(statuses).toEqual([201, 201, 429])
  })

  it('a signed-out request counts nothing against the limits, an unusable code counts, and a refused one stores nothing', async () => {
    const limited = await buildTestApp(shared.database, {
      CODE_SUBMITS_PER_MINUTE: '2',
      CODE_SUBMITS_PER_MINUTE_PER_ADDRESS: '100',
      TRUST_PROXY: '1',
    })
    const fromOneAddress = { 'x-forwarded-for': '192.0.2.3' }
    const account = freshAccount()
    const visitor = await signInVisitor(limited, shared.database, account)
    const forged = { userId: visitor.userId, cookie: 'fernwood_session=forged' }
    const statuses: number[] = []
    for (const [who, code] of [
      [undefined, 'counted-0'],
      [forged, 'counted-0'],
      [visitor, 42],
      [visitor, 'counted-1'],
      [visitor, 'counted-2'],
    ] as const) {
      statuses.push((await submitCode(limited, who, { code }, fromOneAddress)).statusCode)
    }
    const refused = await submitCode(limited, visitor, { code: 'counted-3' }, fromOneAddress)
    await limited.close()
    expect(statuses).toEqual([400, 400, 400, 201, 429])
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    const stored = await shared.database.query<{ code: string }>(
      'SELECT code FROM rewards WHERE wax_account = $1',
      [account],
    )
    expect(stored.map(({ code }) => code)).toEqual(['counted-1'])
  })

  it('a user and their wallet are locked out after repeated unknown codes, with when to retry', async () => {
    const limited = await buildTestApp(shared.database, {
      INVALID_CODE_LOCKOUT_ATTEMPTS: '3',
      INVALID_CODE_LOCKOUT_MINUTES: '10',
    })
    const account = freshAccount()
    const visitor = await signInVisitor(limited, shared.database, account)
    const sameWallet = await signInVisitor(limited, shared.database, account)
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await submitCode(limited, visitor, { code: `guess-${attempt}` })).statusCode).toBe(
        201,
      )
    }
    // The worker's verdict, as it records an unknown code.
    await shared.database.query(
      `UPDATE rewards SET status = 'rejected', rejection = 'unknown_code', reason = 'x',
              updated_at = now() - interval '1 minute'
        WHERE wax_account = $1`,
      [account],
    )
    const before = await rewardCount()
    for (const who of [visitor, sameWallet]) {
      const response = await submitCode(limited, who, { code: 'fernwoodwelcome' })
      expect(response.statusCode).toBe(429)
      expect(response.json().error).toEqual({
        code: 'CODE_LOCKED_OUT',
        message: 'Too many invalid codes. Try again in 9 minutes.',
      })
      // The same wait, for clients that word it themselves: 9 minutes, give or take the test's run.
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(8 * 60)
      expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(9 * 60)
    }
    expect(await rewardCount()).toBe(before)

    // Once the oldest refusal leaves the window, the wallet may try again.
    await shared.database.query(
      `UPDATE rewards SET updated_at = now() - interval '11 minutes'
        WHERE wax_account = $1 AND code = 'guess-0'`,
      [account],
    )
    const after = await submitCode(limited, visitor, { code: 'fernwoodwelcome' })
    await limited.close()
    expect(after.statusCode).toBe(201)
  })
})

describe('the unknown-code lockout under parallel submissions', () => {
  it('twenty unknown codes sent at once from a fresh session are held to the limit of five', async () => {
    const limited = await buildTestApp(shared.database, {
      CODE_SUBMITS_PER_MINUTE: '1000',
      CODE_SUBMITS_PER_MINUTE_PER_ADDRESS: '1000',
      INVALID_CODE_LOCKOUT_ATTEMPTS: '5',
    })
    const visitor = await signInVisitor(limited, shared.database, freshAccount())
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, attempt) =>
        submitCode(limited, visitor, { code: `no-such-code-${attempt}` }),
      ),
    )
    await limited.close()
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(15)
    for (const response of responses.filter((refused) => refused.statusCode === 429)) {
      expect(response.json().error.code).toBe('CODE_LOCKED_OUT')
    }
  })

  it('a known code still counts for nothing against the lockout', async () => {
    const limited = await buildTestApp(shared.database, {
      INVALID_CODE_LOCKOUT_ATTEMPTS: '1',
    })
    const visitor = await signInVisitor(limited, shared.database, freshAccount())
    const welcome = await submitCode(limited, visitor, { code: 'fernwoodwelcome' })
    const guess = await submitCode(limited, visitor, { code: 'no-such-code' })
    const locked = await submitCode(limited, visitor, { code: 'another-guess' })
    await limited.close()
    expect([welcome.statusCode, guess.statusCode, locked.statusCode]).toEqual([201, 201, 429])
  })

  it('a code unknown when submitted is refused on the spot, and counts toward the lockout at once', async () => {
    const limited = await buildTestApp(shared.database, {
      INVALID_CODE_LOCKOUT_ATTEMPTS: '1',
    })
    const visitor = await signInVisitor(limited, shared.database, freshAccount())
    const guess = await submitCode(limited, visitor, { code: 'printed-too-early' })
    const next = await submitCode(limited, visitor, { code: 'fernwoodwelcome' })
    await limited.close()
    expect(guess.json().reward).toMatchObject({ status: 'rejected', rejection: 'unknown_code' })
    expect(next.statusCode).toBe(429)
  })

  it('a reward an older server left waiting with an unknown code stops counting once an operator adds the code', async () => {
    const limited = await buildTestApp(shared.database, {
      INVALID_CODE_LOCKOUT_ATTEMPTS: '1',
    })
    const account = freshAccount()
    const visitor = await signInVisitor(limited, shared.database, account)
    await shared.database.query(
      `INSERT INTO rewards (code, wax_account, user_id, code_unknown)
       VALUES ('printed-before-added', $1, $2, true)`,
      [account, visitor.userId],
    )
    await shared.database.query(
      `INSERT INTO codes (code, campaign_id) SELECT 'printed-before-added', id FROM campaigns LIMIT 1`,
    )
    const next = await submitCode(limited, visitor, { code: 'fernwoodwelcome' })
    await limited.close()
    expect(next.statusCode).toBe(201)
  })
})

describe('reading rewards', () => {
  async function paidReward(account: string, code: string, secondsAgo: number): Promise<void> {
    const [{ id }] = await shared.database.query<{ id: string }>(
      `INSERT INTO rewards (code, wax_account, status, created_at)
       VALUES ($1, $2, 'completed', now() - make_interval(secs => $3)) RETURNING id`,
      [code, account, secondsAgo],
    )
    await shared.database.query(
      `INSERT INTO reward_history (reward_id, wax_account, code, amount, token, transaction_id, "timestamp")
       VALUES ($1, $2, $3, '10.0000', 'FERN', $4, now() - make_interval(secs => $5))`,
      [id, account, code, 'ab'.repeat(32), secondsAgo],
    )
  }

  it('lists the wallet’s pending rewards and its history, each newest first', async () => {
    const account = freshAccount()
    const visitor = await signInVisitor(shared.app, shared.database, account)
    await paidReward(account, 'paid-older', 60)
    await paidReward(account, 'paid-newer', 30)
    for (const code of ['first', 'second', 'third']) {
      expect((await submitCode(shared.app, visitor, { code })).statusCode).toBe(201)
    }
    const { pending, history } = (await rewardsOf(shared.app, visitor)) as {
      pending: Array<{ code: string }>
      history: Array<{ id: string; code: string; amount: string; token: string }>
    }
    expect(pending.map(({ code }) => code)).toEqual(['third', 'second', 'first'])
    expect(history.map(({ code }) => code)).toEqual(['paid-newer', 'paid-older'])
    expect(history[0]).toEqual({
      id: expect.any(String),
      code: 'paid-newer',
      amount: '10.0000',
      token: 'FERN',
      transactionId: 'ab'.repeat(32),
      timestamp: expect.any(String),
    })
  })

  async function historyPage(visitor: Visitor, before?: string | null) {
    return rewardsPage(visitor, before ? `historyBefore=${before}` : '')
  }

  async function rewardsPage(visitor: Visitor, query: string) {
    const response = await shared.app.inject({
      method: 'GET',
      url: query ? `/api/rewards?${query}` : '/api/rewards',
      headers: { cookie: visitor.cookie },
    })
    expect(response.statusCode).toBe(200)
    return response.json() as {
      pending: Array<{ code: string }>
      olderPending: string | null
      history: Array<{ code: string }>
      olderHistory: string | null
    }
  }

  it('pages through a long history with a cursor: entries paid meanwhile neither repeat nor hide one', async () => {
    const account = freshAccount()
    const visitor = await signInVisitor(shared.app, shared.database, account)
    for (let age = 120; age >= 1; age--) await paidReward(account, `paid-${age}`, age)
    // Two entries of one moment, either side of a page's end: the id orders them.
    await shared.database.query(
      `WITH paid AS (
         INSERT INTO rewards (code, wax_account, status)
         SELECT code, $1, 'completed' FROM unnest(ARRAY['tie-a', 'tie-b']) AS code
         RETURNING id, code)
       INSERT INTO reward_history (reward_id, wax_account, code, amount, token, transaction_id, "timestamp")
       SELECT id, $1, code, '1.0000', 'FERN', $2, now() - interval '50.5 seconds' FROM paid`,
      [account, 'cd'.repeat(32)],
    )
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page = await historyPage(visitor, cursor)
      seen.push(...page.history.map(({ code }) => code))
      cursor = page.olderHistory
      pages++
      await paidReward(account, `paid-meanwhile-${pages}`, 0)
    } while (cursor)
    expect(pages).toBe(3)
    expect(seen).toHaveLength(122)
    expect(new Set(seen).size).toBe(122)
    expect(seen.slice(0, 2)).toEqual(['paid-1', 'paid-2'])
    expect(seen.at(-1)).toBe('paid-120')
    expect(seen.some((code) => code.startsWith('paid-meanwhile'))).toBe(false)
    // The first page, read again, starts with what was paid meanwhile.
    expect((await historyPage(visitor)).history[0].code).toBe('paid-meanwhile-3')
  })

  it('pages through a long Activity list with a cursor: codes submitted meanwhile neither repeat nor hide one, and paid or dismissed ones are not in it', async () => {
    const account = freshAccount()
    const visitor = await signInVisitor(shared.app, shared.database, account)
    await shared.database.query(
      `INSERT INTO rewards (code, wax_account, status, reason, created_at, dismissed_at)
       SELECT 'waiting-' || age, $1, 'rejected', 'unknown', now() - age * interval '1 second',
              NULL::timestamptz
         FROM generate_series(1, 110) AS age
       UNION ALL
       SELECT 'paid-' || age, $1, 'completed', NULL, now() - age * interval '1 second', NULL
         FROM generate_series(1, 30) AS age
       UNION ALL
       SELECT 'dismissed-' || age, $1, 'rejected', 'unknown', now() - age * interval '1 second', now()
         FROM generate_series(1, 30) AS age`,
      [account],
    )
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page = await rewardsPage(visitor, cursor ? `pendingBefore=${cursor}` : '')
      seen.push(...page.pending.map(({ code }) => code))
      cursor = page.olderPending
      pages++
      expect(
        (await submitCode(shared.app, visitor, { code: `sent-meanwhile-${pages}` })).statusCode,
      ).toBe(201)
    } while (cursor)
    expect(pages).toBe(3)
    expect(seen).toHaveLength(110)
    expect(new Set(seen).size).toBe(110)
    expect(seen.slice(0, 2)).toEqual(['waiting-1', 'waiting-2'])
    expect(seen.at(-1)).toBe('waiting-110')
    expect(seen.filter((code) => !code.startsWith('waiting-'))).toEqual([])
    const first = await rewardsPage(visitor, '')
    expect(first.pending.slice(0, 3).map(({ code }) => code)).toEqual([
      'sent-meanwhile-3',
      'sent-meanwhile-2',
      'sent-meanwhile-1',
    ])
  })

  it.each([
    ['an injection attempt', "1_x'--"],
    ['an id of dashes only', `1_${'-'.repeat(36)}`],
    ['an id with its dashes misplaced', `1_${'0'.repeat(34)}--`],
    ['an id in capitals', '1_0F000000-0000-4000-8000-000000000000'],
    ['no id', '1_'],
  ])(
    'a history or Activity cursor that is %s is refused with 400, naming it',
    async (_name, cursor) => {
      const visitor = await signInVisitor(shared.app, shared.database, freshAccount())
      for (const list of ['historyBefore', 'pendingBefore']) {
        const response = await shared.app.inject({
          method: 'GET',
          url: `/api/rewards?${list}=${encodeURIComponent(cursor)}`,
          headers: { cookie: visitor.cookie },
        })
        expect(response.statusCode).toBe(400)
        expect(response.json().error).toEqual({
          code: 'INVALID_REQUEST',
          message: expect.stringContaining(list),
        })
      }
    },
  )

  it('history follows the wallet: a new anonymous visitor on the same wallet sees it', async () => {
    const account = freshAccount()
    await paidReward(account, 'old-reward', 10)
    const later = await signInVisitor(shared.app, shared.database, account)
    const stranger = await signInVisitor(shared.app, shared.database, freshAccount())
    expect(
      (await rewardsOf(shared.app, later)).history.map((entry: { code: string }) => entry.code),
    ).toEqual(['old-reward'])
    expect((await rewardsOf(shared.app, stranger)).history).toEqual([])
  })

  it('a visitor without a wallet has empty lists; a signed-out one gets 401', async () => {
    const visitor: Visitor = await signInVisitor(shared.app, shared.database)
    expect(await rewardsOf(shared.app, visitor)).toEqual({
      pending: [],
      olderPending: null,
      history: [],
      olderHistory: null,
    })
    const response = await shared.app.inject({
      method: 'GET',
      url: '/api/rewards',
      headers: { origin: TEST_ORIGIN },
    })
    expect(response.statusCode).toBe(401)
  })
})
