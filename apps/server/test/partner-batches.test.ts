import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  authenticateSecrets,
  createApiKey,
  recordKeyUses,
  revokeApiKey,
} from '../src/partner-api/api-keys.ts'
import { createGrantBatches, type GrantCall } from '../src/partner-api/grant-batches.ts'
import { answerOf, requestHashOf } from '../src/partner-api/idempotency.ts'
import { randomAccount } from './support/rewards.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'
import { watchedDatabase } from './support/watched-database.ts'
import { fernCampaign } from './support/worker.ts'

let testDatabase: TestDatabase

beforeAll(async () => {
  testDatabase = await createTestDatabase()
})
afterAll(async () => {
  await testDatabase.drop()
})

/** A fresh campaign (one grant per account unless told) and a key for it. */
async function campaignWithKey(grantsPerAccount: number | null = 1) {
  const slug = `batched-${randomUUID().slice(0, 8)}`
  const campaign = await fernCampaign(testDatabase.database, slug, [])
  await testDatabase.database.query('UPDATE campaigns SET grants_per_account = $2 WHERE id = $1', [
    campaign.id,
    grantsPerAccount,
  ])
  const key = await createApiKey(testDatabase.database, 'admin', {
    name: `for ${slug}`,
    campaigns: [slug],
  })
  return { campaignId: campaign.id, key }
}

/** make_grant's call for `account` under the Idempotency-Key `key`, as a route makes it. */
const callOf = (apiKeyId: string, campaignId: number, account: string, key: string): GrantCall => ({
  request: {
    apiKeyId,
    key,
    requestHash: requestHashOf('POST /grants', [campaignId, account, null]),
    lockToken: randomUUID(),
  },
  campaignId,
  account,
  reference: null,
  checked: null,
})

/** What a grant's route answers: its status and grant id, or the error the batch gave it. */
const answered = (outcome: Promise<Parameters<typeof answerOf>[0]>) =>
  outcome.then(
    (each) => {
      const { status, body, replayed } = answerOf(each)
      const { grant, error } = body as { grant?: { id: string }; error?: { code: string } }
      return { status, replayed, id: grant?.id ?? error?.code }
    },
    (error: Error) => error.message,
  )

const grantsOf = async (account: string) =>
  (
    await testDatabase.database.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM grants WHERE wax_account = $1',
      [account],
    )
  )[0].count

describe('partner requests in batches', () => {
  it('grants arriving together go in one statement, each answered as if sent alone, in order', async () => {
    const watched = watchedDatabase(testDatabase.database, 'SELECT make_grants')
    const grant = createGrantBatches(watched.database, 30)
    const { campaignId, key } = await campaignWithKey()
    const [first, second] = [randomAccount('batch.'), randomAccount('batch.')]
    const sameKey = randomUUID()
    const answers = await Promise.all(
      [
        callOf(key.id, campaignId, first, sameKey),
        // A retry under the same key, arriving with the first: its answer again.
        callOf(key.id, campaignId, first, sameKey),
        // Another grant to the same account, past the campaign's one per account.
        callOf(key.id, campaignId, first, randomUUID()),
        // A campaign that does not exist, which the database refuses for this grant alone.
        callOf(key.id, 2_000_000_000, second, randomUUID()),
        callOf(key.id, campaignId, second, randomUUID()),
      ].map((call) => answered(grant(call))),
    )
    expect(watched.sizes).toEqual([5])
    const [granted, replayed, refused, failed, other] = answers as Array<
      Exclude<(typeof answers)[number], string>
    >
    expect(granted).toMatchObject({ status: 201, replayed: false })
    expect(replayed).toEqual({ ...granted, replayed: true })
    expect(refused).toMatchObject({ replayed: false, id: 'GRANTS_PER_ACCOUNT_REACHED' })
    expect(failed).toBe('the database refused the grant (23503)')
    expect(other).toMatchObject({ status: 201, replayed: false })
    expect(other.id).not.toBe(granted.id)
    expect([await grantsOf(first), await grantsOf(second)]).toEqual([1, 1])
  })

  it('grants arriving while a batch is with the database wait for the next, with those arriving meanwhile', async () => {
    const watched = watchedDatabase(testDatabase.database, 'SELECT make_grants')
    const grant = createGrantBatches(watched.database, 30)
    const { campaignId, key } = await campaignWithKey(null)
    const account = randomAccount('batch.')
    const send = () => grant(callOf(key.id, campaignId, account, randomUUID()))
    const release = watched.hold()
    const slow = send()
    await new Promise((resolve) => setTimeout(resolve, 20))
    const meanwhile = [send(), send(), send()]
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(watched.sizes).toEqual([1])
    release()
    await Promise.all([slow, ...meanwhile])
    expect(watched.sizes).toEqual([1, 3])
    expect(await grantsOf(account)).toBe(4)
  })

  it('batches from two servers at once, granting to the same accounts in opposite orders, never deadlock', async () => {
    const { campaignId, key } = await campaignWithKey(null)
    const accounts = Array.from({ length: 6 }, () => randomAccount('lock.'))
    const [one, other] = [
      createGrantBatches(testDatabase.database, 30, { inFlight: 2 }),
      createGrantBatches(testDatabase.database, 30, { inFlight: 2 }),
    ]
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        ...accounts.map((account) =>
          answered(one(callOf(key.id, campaignId, account, randomUUID()))),
        ),
        ...accounts
          .toReversed()
          .map((account) => answered(other(callOf(key.id, campaignId, account, randomUUID())))),
      ])
      for (const answer of answers) expect(answer).toMatchObject({ status: 201 })
    }
    for (const account of accounts) expect(await grantsOf(account)).toBe(10)
  })

  it('secrets arriving together are read in one query, each judged alone', async () => {
    const watched = watchedDatabase(testDatabase.database, 'SELECT k.id')
    const { key } = await campaignWithKey()
    const { key: revoked } = await campaignWithKey()
    await revokeApiKey(testDatabase.database, 'admin', { id: revoked.id })
    // The real key's secret with another last character: its id, but not its secret.
    const last = key.secret.at(-1) === 'A' ? 'B' : 'A'
    const keys = await authenticateSecrets(watched.database, [
      key.secret,
      `${key.secret.slice(0, -1)}${last}`,
      revoked.secret,
      'not a secret',
      key.secret,
    ])
    // One query, for the two keys the secrets name.
    expect(watched.sizes).toEqual([2])
    expect(keys.map((each) => each?.id)).toEqual([key.id, undefined, undefined, undefined, key.id])
  })

  it('uses recorded together are each in the audit trail, and each key marked used', async () => {
    const [{ key: one }, { key: other }] = await Promise.all([campaignWithKey(), campaignWithKey()])
    await recordKeyUses(testDatabase.database, [
      { keyId: one.id, method: 'POST', route: '/api/v1/grants', status: 201, idempotencyKey: 'k' },
      { keyId: other.id, method: 'GET', route: '/api/v1/grants', status: 200 },
      { keyId: one.id, method: 'GET', route: '/api/v1/grants/:id', status: 404 },
    ])
    const audited = await testDatabase.database.query<{ actor: string; subject: string }>(
      `SELECT actor, subject, details FROM audit_log
        WHERE action = 'api-key.used' AND actor = ANY($1) ORDER BY id`,
      [[`api-key:${one.id}`, `api-key:${other.id}`]],
    )
    expect(audited).toEqual([
      {
        actor: `api-key:${one.id}`,
        subject: 'POST /api/v1/grants',
        details: { status: 201, idempotencyKey: 'k' },
      },
      { actor: `api-key:${other.id}`, subject: 'GET /api/v1/grants', details: { status: 200 } },
      { actor: `api-key:${one.id}`, subject: 'GET /api/v1/grants/:id', details: { status: 404 } },
    ])
    const used = await testDatabase.database.query<{ used: boolean }>(
      'SELECT last_used_at IS NOT NULL AS used FROM api_keys WHERE id = ANY($1)',
      [[one.id, other.id]],
    )
    expect(used).toEqual([{ used: true }, { used: true }])
  })
})
