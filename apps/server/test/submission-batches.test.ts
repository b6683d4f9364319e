import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import { seedCatalogueFor } from '../src/campaigns/welcome.ts'
import { readEnvironment } from '../src/config/environment.ts'
import type { BatchLimits } from '../src/db/statement-batches.ts'
import { createSubmissionBatches } from '../src/rewards/submission-batches.ts'
import type { SubmissionRules } from '../src/rewards/submission-rules.ts'
import type { SubmissionOutcome } from '../src/rewards/submit-codes.ts'
import { randomAccount, signInVisitor, submitCode } from './support/rewards.ts'
import { buildTestApp } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'
import { watchedDatabase } from './support/watched-database.ts'

let testDatabase: TestDatabase
let app: App

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  await seedCatalogueFor(readEnvironment({}), testDatabase.database)
  app = await buildTestApp(testDatabase.database)
})
afterAll(async () => {
  await app.close()
  await testDatabase.drop()
})

const rules: SubmissionRules = {
  perAddress: 1000,
  perUser: 1000,
  lockout: { attempts: 5, minutes: 15 },
}

/** A visitor's session token and wallet, as a batch receives them. */
async function visitorWith(waxAccount?: string) {
  const visitor = await signInVisitor(app, testDatabase.database, waxAccount)
  return { sessionToken: visitor.cookie.split('=')[1], waxAccount }
}

const codesOf = async (waxAccount: string) =>
  (
    await testDatabase.database.query<{ code: string }>(
      'SELECT code FROM rewards WHERE wax_account = $1 ORDER BY created_at, code',
      [waxAccount],
    )
  ).map(({ code }) => code)

const answerOf = (submission: Promise<SubmissionOutcome>) =>
  submission.then(
    (outcome) => outcome.kind,
    (error: Error) => error.message,
  )

describe('code submissions in batches', () => {
  it('submissions arriving together go in one statement, each answered as if sent alone, in order', async () => {
    const watched = watchedDatabase(testDatabase.database, 'CALL submit_codes')
    const submit = createSubmissionBatches(watched.database, { ...rules, perAddress: 4 })
    const first = await visitorWith(randomAccount('batch.'))
    const withoutWallet = await visitorWith()
    const third = await visitorWith(randomAccount('batch.'))
    const clientAddress = '192.0.2.50'
    const answers = await Promise.all(
      [
        { ...first, code: 'batch-one' },
        { ...first, code: 'batch-one' },
        { sessionToken: 'forged', code: 'batch-one' },
        { ...withoutWallet, code: 'batch-two' },
        { ...first, code: undefined },
        // The fifth counted from this address, past its limit of four.
        { ...third, code: 'batch-three' },
      ].map(({ sessionToken, code }) => answerOf(submit({ sessionToken, code, clientAddress }))),
    )
    expect(watched.sizes).toEqual([6])
    expect(answers).toEqual([
      'submitted',
      'duplicate',
      'invalid',
      'invalid',
      'invalid',
      'rate-limited',
    ])
    expect(await codesOf(first.waxAccount as string)).toEqual(['batch-one'])
    expect(await codesOf(third.waxAccount as string)).toEqual([])
  })

  it('a submission the database refuses fails alone; the others in its batch are stored', async () => {
    const watched = watchedDatabase(testDatabase.database, 'CALL submit_codes')
    const submit = createSubmissionBatches(watched.database, rules)
    const visitor = await visitorWith(randomAccount('batch.'))
    // Past what an index entry can hold (the API's schema never lets such a code through).
    const unindexable = randomBytes(6000).toString('base64')
    const answers = await Promise.all(
      ['before-it', unindexable, 'after-it'].map((code) =>
        answerOf(submit({ ...visitor, code, clientAddress: '192.0.2.56' })),
      ),
    )
    expect(watched.sizes).toEqual([3])
    expect(answers).toEqual([
      'submitted',
      'the database refused the submission (54000)',
      'submitted',
    ])
    expect(await codesOf(visitor.waxAccount as string)).toEqual(['after-it', 'before-it'])
  })

  it('a submission arriving while a batch is with the database waits for the next, with those arriving meanwhile; alone it goes at once', async () => {
    const watched = watchedDatabase(testDatabase.database, 'CALL submit_codes')
    const limits: BatchLimits = { inFlight: 1, size: 32 }
    const submit = createSubmissionBatches(watched.database, rules, limits)
    const visitor = await visitorWith(randomAccount('batch.'))
    const send = (code: string) => submit({ ...visitor, code, clientAddress: '192.0.2.51' })

    expect(await send('alone')).toBeDefined()
    const release = watched.hold()
    const slow = send('slow')
    await new Promise((resolve) => setTimeout(resolve, 20))
    const meanwhile = ['meanwhile-1', 'meanwhile-2', 'meanwhile-3'].map(send)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(watched.sizes).toEqual([1, 1])
    release()
    await Promise.all([slow, ...meanwhile])
    expect(watched.sizes).toEqual([1, 1, 3])
    expect(await codesOf(visitor.waxAccount as string)).toEqual([
      'alone',
      'slow',
      'meanwhile-1',
      'meanwhile-2',
      'meanwhile-3',
    ])
  })

  it('a batch carries at most its size', async () => {
    const watched = watchedDatabase(testDatabase.database, 'CALL submit_codes')
    const submit = createSubmissionBatches(watched.database, rules, { inFlight: 3, size: 2 })
    const visitor = await visitorWith(randomAccount('batch.'))
    await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((code) =>
        submit({ ...visitor, code: `sized-${code}`, clientAddress: '192.0.2.52' }),
      ),
    )
    expect(watched.sizes).toEqual([2, 2, 1])
  })

  it('batches from two servers at once, sharing visitors in opposite orders, never deadlock', async () => {
    const visitors = await Promise.all(
      Array.from({ length: 6 }, () => visitorWith(randomAccount('lock.'))),
    )
    // Unknown codes all: no lockout in the way of what is measured here.
    const patient = { ...rules, lockout: { attempts: 1000, minutes: 15 } }
    const [one, other] = [
      createSubmissionBatches(testDatabase.database, patient),
      createSubmissionBatches(testDatabase.database, patient),
    ]
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all([
        ...visitors.map((visitor) =>
          answerOf(one({ ...visitor, code: `round-${round}-a`, clientAddress: '192.0.2.53' })),
        ),
        ...visitors
          .toReversed()
          .map((visitor) =>
            answerOf(other({ ...visitor, code: `round-${round}-b`, clientAddress: '192.0.2.54' })),
          ),
      ])
      expect(answers).toEqual(Array(12).fill('submitted'))
    }
  })

  it('through the API, visitors behind one address sending at once are counted exactly: the limit lets that many through', async () => {
    const limited = await buildTestApp(testDatabase.database, {
      CODE_SUBMITS_PER_MINUTE_PER_ADDRESS: '5',
      TRUST_PROXY: '1',
    })
    const visitors = await Promise.all(
      Array.from({ length: 12 }, () =>
        signInVisitor(limited, testDatabase.database, randomAccount('nat.')),
      ),
    )
    const responses = await Promise.all(
      visitors.map((visitor) =>
        submitCode(
          limited,
          visitor,
          { code: 'fernwoodwelcome' },
          { 'x-forwarded-for': '192.0.2.55' },
        ),
      ),
    )
    await limited.close()
    const statuses = responses.map(({ statusCode }) => statusCode).sort()
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(7).fill(429)])
    const [{ count }] = await testDatabase.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM rewards WHERE wax_account LIKE 'nat.%'`,
    )
    expect(count).toBe(5)
  })
})
