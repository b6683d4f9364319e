import { randomUUID } from 'node:crypto'
import { APIClient } from '@wharfkit/antelope'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLI_OPERATOR } from '../src/admin/operations.ts'
import type { App } from '../src/app.ts'
import { createCampaignAs } from '../src/campaigns/operator-changes.ts'
import type { ChainConnection } from '../src/chain/chain-connection.ts'
import type { Database } from '../src/db/database.ts'
import { createApiKey, listApiKeys, revokeApiKey } from '../src/partner-api/api-keys.ts'
import { partnerPost } from './support/partners.ts'
import { eventually, randomAccount } from './support/rewards.ts'
import { buildTestApp, createTestChain } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'
import { fernCampaign } from './support/worker.ts'

let testDatabase: TestDatabase
let database: Database
let chain: ChainConnection
// Two servers on one database, and two more whose keys may make 2 requests a minute.
let app: App
let otherApp: App
let limitedApp: App
let otherLimitedApp: App

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  database = testDatabase.database
  chain = await createTestChain()
  ;[app, otherApp, limitedApp, otherLimitedApp] = await Promise.all([
    buildTestApp(database, {}, chain),
    buildTestApp(database, {}, chain),
    buildTestApp(database, { PARTNER_API_REQUESTS_PER_MINUTE: '2' }, chain),
    buildTestApp(database, { PARTNER_API_REQUESTS_PER_MINUTE: '2' }, chain),
  ])
})

afterAll(async () => {
  for (const each of [app, otherApp, limitedApp, otherLimitedApp]) await each?.close()
  await chain?.close()
  await testDatabase?.drop()
})

/** A fresh campaign (shared, 1 FERN a claim unless told) and a key for it. */
async function campaignWithKey(
  campaign: Parameters<typeof fernCampaign>[3] = {},
): Promise<{ slug: string; secret: string; keyId: string }> {
  const slug = `partner-${randomUUID().slice(0, 8)}`
  await fernCampaign(database, slug, [], campaign)
  const key = await createApiKey(database, 'admin', { name: `for ${slug}`, campaigns: [slug] })
  return { slug, secret: key.secret, keyId: key.id }
}

/** A fresh campaign whose rule the chain answers (50 WAX, which alice.wam holds), and a key. */
async function chainRuleCampaignWithKey(): Promise<{ slug: string; secret: string }> {
  const slug = `partner-${randomUUID().slice(0, 8)}`
  await createCampaignAs(
    database,
    CLI_OPERATOR,
    {
      slug,
      name: slug,
      kind: 'shared',
      reward: '1.0000 FERN',
      code: slug,
      minBalance: '50.00000000 WAX@eosio.token',
    },
    'fern.token',
  )
  const key = await createApiKey(database, 'admin', { name: `for ${slug}`, campaigns: [slug] })
  return { slug, secret: key.secret }
}

/**
 * A server over the test database whose chain reads of alice.wam's balances wait until `release`,
 * so that her grant of a campaign with chain rules stays in flight, its key leased; `waiting`
 * once one waits.
 */
async function serverWithHeldChain(environment: Record<string, string> = {}) {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let reached = () => {}
  const waiting = new Promise<void>((resolve) => {
    reached = resolve
  })
  const heldFetch: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    if (url.includes('get_currency_balance') && String(init?.body).includes('"alice.wam"')) {
      reached()
      await released
    }
    return chain.fetch(input, init)
  }
  const held = await buildTestApp(database, environment, {
    ...chain,
    client: new APIClient({ url: chain.apiUrl, fetch: heldFetch }),
  })
  return { app: held, waiting, release }
}

const grant = (on: App, secret: string, body: Record<string, unknown>, idempotencyKey?: string) =>
  partnerPost(on, secret, 'grants', body, idempotencyKey)

const read = (on: App, secret: string, url: string) =>
  on.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } })

const rewardsOfAccount = async (account: string) =>
  (
    await database.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM rewards WHERE wax_account = $1',
      [account],
    )
  )[0].count

const rewardsOfAccountIn = async (slug: string) =>
  (
    await database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM rewards r JOIN codes k ON k.code = r.code
         JOIN campaigns c ON c.id = k.campaign_id WHERE c.slug = $1`,
      [slug],
    )
  )[0].count

describe('API keys', () => {
  it('a key grants from its campaigns; its secret is shown once and only its hash is kept', async () => {
    const { slug, secret, keyId } = await campaignWithKey()
    expect(secret).toMatch(/^fwk_/)
    const listed = (await listApiKeys(database)).find(({ id }) => id === keyId)
    expect(listed).toMatchObject({ campaigns: [slug], lastUsedAt: null, revokedAt: null })
    expect(JSON.stringify(listed)).not.toContain(secret)
    const [stored] = await database.query<{ row: string }>(
      'SELECT row_to_json(k)::text AS row FROM api_keys k WHERE id = $1',
      [keyId],
    )
    expect(stored.row).not.toContain(secret.slice(4))

    const response = await grant(app, secret, {
      campaign: slug,
      account: 'alice.wam',
      reference: 'quest-1',
    })
    expect(response.statusCode).toBe(201)
    expect(response.json().grant).toMatchObject({
      campaign: slug,
      account: 'alice.wam',
      reference: 'quest-1',
      status: 'pending',
      reward: { amount: '1.0000', token: 'FERN' },
      transactionId: null,
    })
    const used = await eventually(
      async () => (await listApiKeys(database)).find(({ id }) => id === keyId),
      (key) => key?.lastUsedAt != null,
    )
    expect(used?.lastUsedAt).not.toBeNull()
    const audited = await database.query<{ action: string; subject: string }>(
      'SELECT action, subject FROM audit_log WHERE actor = $1',
      [`api-key:${keyId}`],
    )
    expect(audited).toContainEqual({ action: 'api-key.used', subject: 'POST /api/v1/grants' })
  })

  it('a key is refused for a campaign outside its scope with 403, whether or not it exists', async () => {
    const { secret } = await campaignWithKey()
    const { slug: othersCampaign } = await campaignWithKey()
    for (const campaign of [othersCampaign, 'no-such-campaign']) {
      const response = await grant(app, secret, { campaign, account: 'alice.wam' })
      expect(response.statusCode).toBe(403)
      expect(response.json().error.code).toBe('API_KEY_CAMPAIGN_REFUSED')
    }
  })

  it('a wrong secret is refused with 401, also one naming a real key (compared in constant time)', async () => {
    const { slug, secret } = await campaignWithKey()
    const sameKeyOtherSecret = `${secret.slice(0, -4)}${secret.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`
    for (const presented of [sameKeyOtherSecret, 'fwk_nonsense', '']) {
      const response = await grant(app, presented, { campaign: slug, account: 'alice.wam' })
      expect(response.statusCode).toBe(401)
      expect(response.json().error.code).toBe('API_KEY_INVALID')
    }
  })

  it('a revoked key is refused at once by the other server', async () => {
    const { slug, secret, keyId } = await campaignWithKey()
    expect((await read(otherApp, secret, '/api/v1/grants')).statusCode).toBe(200)
    const revoked = await revokeApiKey(database, 'admin:alice.wam', { id: keyId })
    expect(revoked.revokedAt).not.toBeNull()
    const refused = await grant(otherApp, secret, { campaign: slug, account: 'bob.wam' })
    expect(refused.statusCode).toBe(401)
    expect(await rewardsOfAccount('bob.wam')).toBe(0)
    const [audit] = await database.query<{ actor: string }>(
      "SELECT actor FROM audit_log WHERE action = 'api-key.revoked' AND subject = $1",
      [keyId],
    )
    expect(audit.actor).toBe('admin:alice.wam')
  })

  it('a key’s requests are counted across servers: over its limit, 429 with Retry-After', async () => {
    const { secret } = await campaignWithKey()
    expect((await read(limitedApp, secret, '/api/v1/grants')).statusCode).toBe(200)
    expect((await read(otherLimitedApp, secret, '/api/v1/grants')).statusCode).toBe(200)
    const refused = await read(limitedApp, secret, '/api/v1/grants')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.code).toBe('RATE_LIMITED')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe('grants and their Idempotency-Key', () => {
  it('a retry with the same key and body gets the first answer again, from the other server', async () => {
    const { slug, secret } = await campaignWithKey()
    const account = randomAccount('idem')
    const key = randomUUID()
    const first = await grant(app, secret, { campaign: slug, account }, key)
    expect(first.statusCode).toBe(201)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const retry = await grant(otherApp, secret, { campaign: slug, account }, key)
    expect(retry.statusCode).toBe(201)
    expect(retry.headers['idempotent-replayed']).toBe('true')
    expect(retry.json()).toEqual(first.json())
    expect(await rewardsOfAccount(account)).toBe(1)
  })

  it('the same key with another body is 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const { slug, secret } = await campaignWithKey()
    const key = randomUUID()
    const account = randomAccount('reuse')
    expect((await grant(app, secret, { campaign: slug, account }, key)).statusCode).toBe(201)
    const other = await grant(app, secret, { campaign: slug, account, reference: 'other' }, key)
    expect(other.statusCode).toBe(422)
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED')
  })

  it('a retry while the first request is still being handled (its chain check) is 409 IDEMPOTENCY_KEY_IN_USE', async () => {
    const { slug, secret } = await chainRuleCampaignWithKey()
    const held = await serverWithHeldChain()
    try {
      const key = randomUUID()
      const first = grant(held.app, secret, { campaign: slug, account: 'alice.wam' }, key)
      await held.waiting
      const retry = await grant(otherApp, secret, { campaign: slug, account: 'alice.wam' }, key)
      expect(retry.statusCode).toBe(409)
      expect(retry.json().error.code).toBe('IDEMPOTENCY_KEY_IN_USE')
      held.release()
      const answered = await first
      expect(answered.statusCode).toBe(201)
      const afterwards = await grant(
        otherApp,
        secret,
        { campaign: slug, account: 'alice.wam' },
        key,
      )
      expect(afterwards.headers['idempotent-replayed']).toBe('true')
      expect(afterwards.json()).toEqual(answered.json())
      expect(await rewardsOfAccountIn(slug)).toBe(1)
    } finally {
      await held.app.close()
    }
  })

  it('a key whose request outlived its lease is taken over by a retry: one grant, which both answer', async () => {
    const { slug, secret } = await chainRuleCampaignWithKey()
    const lease = { IDEMPOTENCY_LEASE_SECONDS: '1' }
    // Its chain read held for as long as the test takes, not given up as a node's timeout.
    const held = await serverWithHeldChain({ ...lease, CHAIN_TIMEOUT_MS: '120000' })
    const other = await buildTestApp(database, lease, chain)
    try {
      const key = randomUUID()
      const body = { campaign: slug, account: 'alice.wam' }
      const stalled = grant(held.app, secret, body, key)
      await held.waiting
      // Past the lease its holder counts as dead: the retry takes the key and grants.
      await eventually(
        () =>
          database.query<{ over: boolean }>(
            'SELECT locked_until <= now() AS over FROM idempotency_keys WHERE key = $1',
            [key],
          ),
        ([row]) => row?.over === true,
      )
      const retry = await grant(other, secret, body, key)
      expect(retry.statusCode).toBe(201)
      expect(retry.headers['idempotent-replayed']).toBeUndefined()
      // The stalled request, back from the chain, finds the key answered: that grant, not another.
      held.release()
      const late = await stalled
      expect(late.statusCode).toBe(201)
      expect(late.headers['idempotent-replayed']).toBe('true')
      expect(late.json()).toEqual(retry.json())
      expect(await rewardsOfAccountIn(slug)).toBe(1)
    } finally {
      await held.app.close()
      await other.close()
    }
  })

  it('a grant of a campaign with chain rules is checked as a claim is: met, granted; unmet, refused', async () => {
    const { slug, secret } = await chainRuleCampaignWithKey()
    const met = await grant(app, secret, { campaign: slug, account: 'alice.wam' })
    expect(met.statusCode).toBe(201)
    expect(met.json().grant).toMatchObject({ account: 'alice.wam', status: 'pending' })
    const key = randomUUID()
    const penniless = randomAccount('nowax')
    const unmet = await grant(app, secret, { campaign: slug, account: penniless }, key)
    expect(unmet.statusCode).toBe(422)
    expect(unmet.json().error.code).toBe('not_eligible')
    const again = await grant(otherApp, secret, { campaign: slug, account: penniless }, key)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(unmet.json())
    expect(await rewardsOfAccountIn(slug)).toBe(1)
  })

  it('50 concurrent requests with one key make one reward; each answer is that grant or 409', async () => {
    const { slug, secret } = await campaignWithKey()
    const account = randomAccount('burst')
    const key = randomUUID()
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        grant(index % 2 ? app : otherApp, secret, { campaign: slug, account }, key),
      ),
    )
    expect(await rewardsOfAccount(account)).toBe(1)
    const granted = answers.filter((answer) => answer.statusCode === 201)
    expect(granted.length).toBeGreaterThan(0)
    expect(new Set(granted.map((answer) => answer.json().grant.id)).size).toBe(1)
    for (const answer of answers.filter((each) => each.statusCode !== 201)) {
      expect(answer.statusCode).toBe(409)
    }
  })

  it('a grant needs an Idempotency-Key', async () => {
    const { slug, secret } = await campaignWithKey()
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/grants',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      payload: { campaign: slug, account: 'alice.wam' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('INVALID_REQUEST')
  })

  it('a grant the catalogue refuses answers the claim’s code, and the same again on a retry', async () => {
    const { slug, secret } = await campaignWithKey({ startsAt: new Date(Date.now() + 86_400_000) })
    const key = randomUUID()
    const account = randomAccount('early')
    const refused = await grant(app, secret, { campaign: slug, account }, key)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().error).toEqual({
      code: 'not_started',
      message: 'This campaign has not started yet.',
    })
    const again = await grant(otherApp, secret, { campaign: slug, account }, key)
    expect(again.statusCode).toBe(422)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(await rewardsOfAccount(account)).toBe(0)
  })

  it('an account receives as many grants of a campaign as it allows: one by default', async () => {
    const { slug, secret } = await campaignWithKey()
    const account = randomAccount('once')
    expect((await grant(app, secret, { campaign: slug, account })).statusCode).toBe(201)
    const second = await grant(app, secret, { campaign: slug, account })
    expect(second.statusCode).toBe(422)
    expect(second.json().error.code).toBe('GRANTS_PER_ACCOUNT_REACHED')

    await database.query('UPDATE campaigns SET grants_per_account = NULL WHERE slug = $1', [slug])
    expect((await grant(app, secret, { campaign: slug, account })).statusCode).toBe(201)
    expect((await grant(app, secret, { campaign: slug, account })).statusCode).toBe(201)
    expect(await rewardsOfAccount(account)).toBe(3)
  })

  it('grants are read back by id and by reference, a page at a time, only by keys of their campaign', async () => {
    const { slug, secret } = await campaignWithKey()
    await database.query('UPDATE campaigns SET grants_per_account = NULL WHERE slug = $1', [slug])
    const made = []
    for (let index = 0; index < 3; index++) {
      const response = await grant(app, secret, {
        campaign: slug,
        account: 'carol.wam',
        reference: 'order-7',
      })
      made.push(response.json().grant.id as string)
    }
    await grant(app, secret, { campaign: slug, account: 'carol.wam', reference: 'order-8' })

    const one = await read(otherApp, secret, `/api/v1/grants/${made[1]}`)
    expect(one.statusCode).toBe(200)
    expect(one.json().grant).toMatchObject({ id: made[1], reference: 'order-7' })

    const firstPage = (await read(app, secret, '/api/v1/grants?reference=order-7&limit=2')).json()
    expect(firstPage.grants.map(({ id }: { id: string }) => id)).toEqual(made.slice(0, 2))
    const secondPage = (
      await read(
        app,
        secret,
        `/api/v1/grants?reference=order-7&limit=2&cursor=${firstPage.nextCursor}`,
      )
    ).json()
    expect(secondPage).toMatchObject({ nextCursor: null })
    expect(secondPage.grants.map(({ id }: { id: string }) => id)).toEqual(made.slice(2))

    const { secret: othersSecret } = await campaignWithKey()
    const foreign = await read(app, othersSecret, `/api/v1/grants/${made[0]}`)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().error.code).toBe('GRANT_NOT_FOUND')
    const none = (await read(app, othersSecret, '/api/v1/grants?reference=order-7')).json()
    expect(none.grants).toEqual([])
  })
})

describe('claim links on demand', () => {
  it('makes single-use codes of a unique campaign whose links open the claim preview', async () => {
    const { slug, secret } = await campaignWithKey({ kind: 'unique' })
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/claim-links',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      payload: { campaign: slug, count: 3 },
    })
    expect(response.statusCode).toBe(201)
    const { links } = response.json() as { links: Array<{ code: string; url: string }> }
    expect(links).toHaveLength(3)
    for (const { code, url } of links) {
      expect(url).toBe(`http://fernwood.test/c/${code}`)
      const preview = await app.inject({ method: 'GET', url: `/api/claims/${code}` })
      expect(preview.statusCode).toBe(200)
      expect(preview.json()).toMatchObject({ campaign: slug, state: 'open' })
    }
  })

  it('refuses a shared campaign, whose one code is not single-use', async () => {
    const { slug, secret } = await campaignWithKey()
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/claim-links',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      payload: { campaign: slug, count: 1 },
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().error.code).toBe('CLAIM_LINKS_NEED_UNIQUE_CAMPAIGN')
  })
})
