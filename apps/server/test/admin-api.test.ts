import { NFT_COLLECTION } from '@fernwood/devchain'
import type { AdminOverview } from '@fernwood/protocol/admin'
import { openEventStream } from '@fernwood/testkit'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogueFor } from '../src/campaigns/welcome.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { generationDone } from './support/operator-app.ts'
import { jsonFromSite, signInOn } from './support/test-app.ts'
import { useTestApp } from './support/use-test-app.ts'
import { connectWithProof } from './support/wallet-proofs.ts'

const shared = useTestApp({
  // carol.wam is listed but connects without a proof (allowed here, so she can try).
  environment: { ADMIN_ACCOUNTS: 'alice.wam, carol.wam', ALLOW_UNVERIFIED_WALLETS: 'true' },
  listen: true,
  sharedChain: true,
})

const signIn = async () => (await signInOn(shared.app)).cookie

/** Signs in and connects `account` as 'Connect WAX Wallet' does: with a proof, or without one. */
const connectWallet = async (account: string, withProof: boolean) =>
  (await connectWithProof(shared.app, account, withProof ? {} : false)).cookie

/** Who may not use the admin API, and how each is refused. */
const notOperators: Array<[string, number, string, () => Promise<string | undefined>]> = [
  ['a signed-out visitor', 401, 'NOT_SIGNED_IN', async () => undefined],
  ['a visitor without a wallet', 403, 'ADMIN_WALLET_REQUIRED', signIn],
  [
    'a wallet not in ADMIN_ACCOUNTS',
    403,
    'ADMIN_NOT_OPERATOR',
    () => connectWallet('bob.wam', true),
  ],
]

async function parkedReward(): Promise<string> {
  const [{ id }] = await shared.database.query<{ id: string }>(
    `INSERT INTO rewards (code, wax_account, status, next_attempt_at, last_error)
     VALUES ('parked-' || gen_random_uuid(), 'bob.wam', 'processing', 'infinity', 'overdrawn balance')
     RETURNING id`,
  )
  return id
}

let slugs = 0
const newSlug = () => `console-${++slugs}`

/** A generation of one code of `slug`, done: its files are there to download. */
async function finishedGeneration(slug: string): Promise<string> {
  const [{ id }] = await shared.database.query<{ id: string }>(
    `INSERT INTO code_generations (campaign_id, requested_by, count, made, origin, state, finished_at)
     SELECT id, 'admin', 1, 1, 'http://fernwood.test', 'done', now() FROM campaigns WHERE slug = $1
     RETURNING id`,
    [slug],
  )
  await shared.database.query(
    `INSERT INTO codes (code, campaign_id, uses_left, generation_id)
     SELECT $2, campaign_id, 1, id FROM code_generations WHERE id = $1`,
    [id, `${slug}-aaaa-bbbb-cccc`],
  )
  return id
}

/** A kiosk credential of `slug` in force, issued unaudited, for a revoke to find. */
async function kioskCredential(slug: string): Promise<string> {
  const [{ id }] = await shared.database.query<{ id: string }>(
    `INSERT INTO kiosk_credentials (campaign_id, secret_hash, issued_by, expires_at)
     SELECT id, sha256(gen_random_uuid()::text::bytea), 'admin', now() + interval '1 hour'
       FROM campaigns WHERE slug = $1
     RETURNING id`,
    [slug],
  )
  return id
}

/** An API key, and a webhook endpoint with one delivery, unaudited: for a revoke and a redeliver. */
async function partnerRecords() {
  const [key] = await shared.database.query<{ id: string }>(
    "INSERT INTO api_keys (name, secret_hash) VALUES ('partner', sha256('k'::bytea)) RETURNING id",
  )
  const [endpoint] = await shared.database.query<{ id: string }>(
    `INSERT INTO webhook_endpoints (url, events, secret)
     VALUES ('http://127.0.0.1:9/hook', '{reward.completed}', 'whsec_x') RETURNING id`,
  )
  const [delivery] = await shared.database.query<{ id: string }>(
    `INSERT INTO webhook_deliveries (endpoint_id, event, reward_id, data)
     VALUES ($1, 'reward.completed', gen_random_uuid(), '{}') RETURNING id::text`,
    [endpoint.id],
  )
  return { key: key.id, endpoint: endpoint.id, delivery: delivery.id }
}

/** Waits for a generation the console started to make all its codes. */
/** Each admin route, with a request that succeeds for an operator. */
async function adminRequests() {
  const closeSlug = newSlug()
  const codesSlug = newSlug()
  const reopenSlug = newSlug()
  for (const slug of [closeSlug, codesSlug, reopenSlug]) {
    await shared.database.query(
      `INSERT INTO campaigns (slug, name, kind, reward_quantity, token_contract, closed_at)
       VALUES ($1, $1, 'unique', '1.0000 FERN', 'fern.token',
               CASE WHEN $1 = $2 THEN now() END)`,
      [slug, reopenSlug],
    )
  }
  const generation = await finishedGeneration(codesSlug)
  const partner = await partnerRecords()
  return [
    { method: 'GET' as const, url: '/api/admin/operator' },
    { method: 'GET' as const, url: '/api/admin/campaigns' },
    {
      method: 'POST' as const,
      url: '/api/admin/campaigns',
      payload: { slug: newSlug(), name: 'Spring', kind: 'shared', reward: '2.0000 FERN' },
    },
    { method: 'POST' as const, url: `/api/admin/campaigns/${closeSlug}/close`, payload: {} },
    { method: 'POST' as const, url: `/api/admin/campaigns/${reopenSlug}/reopen`, payload: {} },
    {
      method: 'POST' as const,
      url: `/api/admin/campaigns/${codesSlug}/codes`,
      payload: { count: 2 },
    },
    { method: 'GET' as const, url: '/api/admin/generations' },
    { method: 'GET' as const, url: `/api/admin/generations/${generation}` },
    { method: 'GET' as const, url: `/api/admin/generations/${generation}/codes.csv` },
    { method: 'GET' as const, url: `/api/admin/generations/${generation}/sheet.html` },
    { method: 'GET' as const, url: '/api/admin/payouts' },
    {
      method: 'POST' as const,
      url: `/api/admin/payouts/${await parkedReward()}/retry`,
      payload: {},
    },
    { method: 'GET' as const, url: '/api/admin/live' },
    { method: 'POST' as const, url: `/api/admin/campaigns/${codesSlug}/edit`, payload: { cap: 5 } },
    { method: 'GET' as const, url: `/api/admin/campaigns/${codesSlug}/claims.csv` },
    { method: 'GET' as const, url: `/api/admin/campaigns/${codesSlug}/farm-report` },
    {
      method: 'POST' as const,
      url: `/api/admin/campaigns/${codesSlug}/rejections`,
      payload: { selection: { accounts: ['alice.wam'] } },
    },
    {
      method: 'POST' as const,
      url: `/api/admin/campaigns/${codesSlug}/kiosk-credentials`,
      payload: {},
    },
    { method: 'GET' as const, url: '/api/admin/kiosk-credentials' },
    {
      method: 'DELETE' as const,
      url: `/api/admin/kiosk-credentials/${await kioskCredential(codesSlug)}`,
      payload: {},
    },
    { method: 'GET' as const, url: `/api/admin/nft-template?nft=${NFT_COLLECTION}:3` },
    { method: 'GET' as const, url: '/api/admin/api-keys' },
    {
      method: 'POST' as const,
      url: '/api/admin/api-keys',
      payload: { name: 'Quest server', campaigns: [codesSlug] },
    },
    { method: 'POST' as const, url: `/api/admin/api-keys/${partner.key}/revoke`, payload: {} },
    { method: 'GET' as const, url: '/api/admin/webhooks' },
    {
      method: 'POST' as const,
      url: '/api/admin/webhooks',
      payload: {
        url: 'http://127.0.0.1:9/hook',
        events: ['reward.completed'],
        campaigns: [codesSlug],
      },
    },
    { method: 'GET' as const, url: `/api/admin/webhooks/${partner.endpoint}/deliveries` },
    {
      method: 'POST' as const,
      url: `/api/admin/webhooks/${partner.endpoint}/deliveries/${partner.delivery}/redeliver`,
      payload: {},
    },
    { method: 'POST' as const, url: `/api/admin/webhooks/${partner.endpoint}/remove`, payload: {} },
  ]
}

describe('who may use the operator console’s API', () => {
  it('the tests cover every /api/admin route the OpenAPI document lists', async () => {
    const document = (await shared.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>
    }
    const documented = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      )
    const tested = (await adminRequests()).map(
      ({ method, url }) =>
        `${method} ${url
          .replace(/\/campaigns\/[^/]+\//, '/campaigns/{slug}/')
          .replace(/\/payouts\/[^/]+\/retry/, '/payouts/{rewardId}/retry')
          .replace(/\/generations\/[0-9a-f-]{36}/, '/generations/{id}')
          .replace(/\/kiosk-credentials\/[0-9a-f-]{36}/, '/kiosk-credentials/{id}')
          .replace(/\/(api-keys|webhooks)\/[0-9a-f-]{36}/, '/$1/{id}')
          .replace(/\/deliveries\/\d+\//, '/deliveries/{deliveryId}/')
          .replace(/\?.*$/, '')}`,
    )
    expect(tested.sort()).toEqual(documented.sort())
  })

  it.each([
    ...notOperators,
    [
      'a listed account bound without a proof',
      403,
      'ADMIN_WALLET_UNVERIFIED',
      () => connectWallet('carol.wam', false),
    ],
  ])(
    '%s is refused by every admin route with %i %s, and sees nothing',
    async (_who, status, code, session) => {
      const cookie = await session()
      for (const request of await adminRequests()) {
        const response = await shared.app.inject({
          ...request,
          headers: { ...jsonFromSite, ...(cookie && { cookie }) },
        })
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(status)
        expect(response.json(), `${request.method} ${request.url}`).toEqual({
          error: { code, message: expect.any(String) },
        })
      }
      const [{ count }] = await shared.database.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM audit_log WHERE actor LIKE 'admin%'",
      )
      expect(count).toBe(0)
    },
  )

  it.each(notOperators)(
    '%s sending a malformed request is refused with %i %s before it is validated',
    async (_who, status, code, session) => {
      const cookie = await session()
      const malformed = [
        { method: 'POST' as const, url: '/api/admin/campaigns', payload: { slug: 5 } },
        {
          method: 'POST' as const,
          url: '/api/admin/campaigns/spring/codes',
          payload: { count: 'many' },
        },
        {
          method: 'POST' as const,
          url: '/api/admin/campaigns/spring/close',
          payload: { extra: true },
        },
        { method: 'POST' as const, url: '/api/admin/payouts/not-a-uuid/retry', payload: {} },
        { method: 'GET' as const, url: '/api/admin/generations/not-a-uuid' },
      ]
      for (const request of malformed) {
        const response = await shared.app.inject({
          ...request,
          headers: { ...jsonFromSite, ...(cookie && { cookie }) },
        })
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(status)
        expect(response.json().error.code, `${request.method} ${request.url}`).toBe(code)
      }
    },
  )

  it('a verified wallet listed in ADMIN_ACCOUNTS is served by every admin route', async () => {
    const cookie = await connectWallet('alice.wam', true)
    for (const request of await adminRequests()) {
      if (request.url === '/api/admin/live') {
        const stream = await openEventStream(`${shared.baseUrl}${request.url}`, cookie)
        expect(stream.status).toBe(200)
        const overview = (await stream.next((event) => event.event === 'overview'))
          .data as AdminOverview
        expect(overview.payouts.account).toBe('fernwoodpays')
        stream.close()
        continue
      }
      const response = await shared.app.inject({ ...request, headers: { ...jsonFromSite, cookie } })
      expect(
        response.statusCode,
        `${request.method} ${request.url}: ${response.body}`,
      ).toBeLessThan(300)
    }
  })
})

describe('the console’s operations', () => {
  let operator: string
  beforeAll(async () => {
    operator = await connectWallet('alice.wam', true)
  })
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    shared.app.inject({ method, url, headers: { ...jsonFromSite, cookie: operator }, payload })
  type Listed = AdminOverview['campaigns'][number]
  const listedCampaigns = async (): Promise<Listed[]> =>
    (await call('GET', '/api/admin/campaigns')).json().campaigns
  const listedCampaign = async (slug: string) =>
    (await listedCampaigns()).find((campaign) => campaign.slug === slug)
  /** Creates a campaign as the console does, refused by nothing; the campaign it answers. */
  const createCampaign = async (draft: object): Promise<Listed> => {
    const created = await call('POST', '/api/admin/campaigns', draft)
    expect(created.statusCode, created.body).toBe(201)
    return created.json().campaign
  }

  it('creates a unique campaign, generates its codes as a job with the CLI’s CSV and printable sheet, and closes it, each audited with the operator’s account', async () => {
    const created = await call('POST', '/api/admin/campaigns', {
      slug: 'harvest',
      name: 'Harvest cards',
      kind: 'unique',
      reward: '1.5000 FERN',
      cap: 10,
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2099-01-01T00:00:00Z',
    })
    expect(created.statusCode).toBe(201)
    expect(created.json().campaign).toMatchObject({
      slug: 'harvest',
      kind: 'unique',
      reward: '1.5000 FERN',
      tokenContract: 'fern.token',
      cap: 10,
      claimed: 0,
      remaining: 0,
      codes: 0,
      state: 'open',
      claimsOverTime: [],
    })

    const started = await call('POST', '/api/admin/campaigns/harvest/codes', { count: 3 })
    expect(started.statusCode).toBe(202)
    const { generation } = started.json()
    expect(generation).toMatchObject({ campaign: 'harvest', count: 3, operator: 'alice.wam' })
    expect(await generationDone(shared.app, operator, generation.id)).toMatchObject({
      state: 'done',
      made: 3,
      finishedAt: expect.any(String),
    })

    const csv = await call('GET', `/api/admin/generations/${generation.id}/codes.csv`)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toBe('attachment; filename="harvest-codes.csv"')
    const rows = csv.body.trim().split('\n')
    expect(rows[0]).toBe('code,campaign,reward,link')
    const codes = rows.slice(1).map((row) => row.split(',')[0])
    expect(codes).toHaveLength(3)
    const sheet = await call('GET', `/api/admin/generations/${generation.id}/sheet.html`)
    expect(sheet.headers['content-disposition']).toBe('attachment; filename="harvest-sheet.html"')
    for (const [index, code] of codes.entries()) {
      expect(code).toMatch(/^harvest-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
      expect(rows[index + 1]).toBe(`${code},harvest,1.5000 FERN,http://fernwood.test/c/${code}`)
      expect(sheet.body).toContain(
        `<figcaption>${code}<small>http://fernwood.test/c/${code}</small></figcaption>`,
      )
    }
    expect(sheet.body.match(/<svg /g)).toHaveLength(3)

    expect(await listedCampaign('harvest')).toMatchObject({
      codes: 3,
      remaining: 3,
    })

    const closed = await call('POST', '/api/admin/campaigns/harvest/close', {})
    expect(closed.json().campaign.state).toBe('closed')

    const audit = await shared.database.query<{
      actor: string
      action: string
      details: Record<string, unknown>
    }>("SELECT actor, action, details FROM audit_log WHERE subject = 'harvest' ORDER BY id")
    expect(audit.map(({ actor, action }) => ({ actor, action }))).toEqual([
      { actor: 'admin:alice.wam', action: 'campaign.created' },
      { actor: 'admin:alice.wam', action: 'codes.generated' },
      { actor: 'admin:alice.wam', action: 'campaign.closed' },
    ])
    expect(audit[1].details).toEqual({ count: 3, generation: generation.id })
  })

  it.each([
    [
      { slug: 'Bad Slug', name: 'x', kind: 'shared', reward: '1.0000 FERN' },
      400,
      'ADMIN_SLUG_INVALID',
      'slug',
    ],
    [
      { slug: 'ok', name: ' ', kind: 'shared', reward: '1.0000 FERN' },
      400,
      'ADMIN_NAME_INVALID',
      'name',
    ],
    [
      { slug: 'ok', name: 'x', kind: 'shared', reward: '10 fern' },
      400,
      'ADMIN_REWARD_INVALID',
      'reward',
    ],
    [
      { slug: 'ok', name: 'x', kind: 'shared', reward: '1.0000 FERN', contract: 'Not.An.Account' },
      400,
      'ADMIN_CONTRACT_INVALID',
      'contract',
    ],
    [
      { slug: 'ok', name: 'x', kind: 'shared', reward: '1.0000 FERN', startsAt: 'tomorrow' },
      400,
      'ADMIN_TIME_INVALID',
      'startsAt',
    ],
    [
      { slug: 'ok', name: 'x', kind: 'shared', reward: '1.0000 FERN', endsAt: '2030-01-01' },
      400,
      'ADMIN_TIME_INVALID',
      'endsAt',
    ],
    [
      {
        slug: 'ok',
        name: 'x',
        kind: 'shared',
        reward: '1.0000 FERN',
        startsAt: '2030-01-02T00:00:00Z',
        endsAt: '2030-01-01T00:00:00Z',
      },
      400,
      'ADMIN_WINDOW_INVALID',
      'endsAt',
    ],
    [
      { slug: 'ok', name: 'x', kind: 'shared', reward: '1.0000 FERN', cap: 0 },
      400,
      'ADMIN_CAP_INVALID',
      'cap',
    ],
    [
      { slug: 'ok', name: 'x', kind: 'unique', reward: '1.0000 FERN', code: 'mine' },
      400,
      'ADMIN_UNIQUE_CODE_GIVEN',
      'code',
    ],
    // Types are the schema's, never coerced: a cap of "5" is not 5.
    [
      { slug: 'ok', name: 'x', kind: 'shared', reward: '1.0000 FERN', cap: '5' },
      400,
      'INVALID_REQUEST',
      undefined,
    ],
    [
      { slug: 'ok', name: 'x', kind: 'weird', reward: '1.0000 FERN' },
      400,
      'INVALID_REQUEST',
      undefined,
    ],
  ])(
    'refuses the campaign %j with %i %s, as the CLI does, naming the field %s',
    async (payload, status, code, field) => {
      const response = await call('POST', '/api/admin/campaigns', payload)
      expect(response.statusCode).toBe(status)
      expect(response.json().error).toEqual({
        code,
        message: expect.any(String),
        ...(field && { field }),
      })
    },
  )

  it('refuses a taken slug, a shared campaign’s code generation and a count over the CLI’s limit', async () => {
    const draft = {
      slug: 'meadow',
      name: 'Meadow',
      kind: 'shared',
      reward: '1.0000 FERN',
      code: 'Meadow-Walk',
    }
    expect((await call('POST', '/api/admin/campaigns', draft)).statusCode).toBe(201)
    const again = await call('POST', '/api/admin/campaigns', draft)
    expect(again.json().error).toEqual({
      code: 'ADMIN_SLUG_TAKEN',
      message: 'There is already a campaign meadow.',
      field: 'slug',
    })
    const shared = await call('POST', '/api/admin/campaigns/meadow/codes', { count: 2 })
    expect(shared.json().error).toEqual({
      code: 'ADMIN_CAMPAIGN_SHARED',
      message: 'meadow is a shared campaign: it has one code.',
    })
    const tooMany = await call('POST', '/api/admin/campaigns/harvest/codes', { count: 10_001 })
    expect(tooMany.json().error).toMatchObject({ code: 'ADMIN_CODE_COUNT_INVALID', field: 'count' })
    const missing = await call('POST', '/api/admin/campaigns/nowhere/close', {})
    expect(missing.statusCode).toBe(404)
  })

  it('closes a campaign and reopens it, each audited with the operator’s account; a second close or reopen is refused', async () => {
    await call('POST', '/api/admin/campaigns', {
      slug: 'ferns',
      name: 'Ferns',
      kind: 'shared',
      reward: '1.0000 FERN',
      code: 'fern-fronds',
      endsAt: '2099-01-01T00:00:00Z',
    })
    const closed = await call('POST', '/api/admin/campaigns/ferns/close', {})
    expect(closed.statusCode).toBe(200)
    expect(closed.json().campaign.state).toBe('closed')
    const closedAgain = await call('POST', '/api/admin/campaigns/ferns/close', {})
    expect(closedAgain.statusCode).toBe(409)
    expect(closedAgain.json().error).toEqual({
      code: 'ADMIN_CAMPAIGN_CLOSED',
      message: 'Campaign ferns is closed already.',
    })

    const reopened = await call('POST', '/api/admin/campaigns/ferns/reopen', {})
    expect(reopened.statusCode).toBe(200)
    expect(reopened.json().campaign.state).toBe('open')
    const reopenedAgain = await call('POST', '/api/admin/campaigns/ferns/reopen', {})
    expect(reopenedAgain.statusCode).toBe(409)
    expect(reopenedAgain.json().error.code).toBe('ADMIN_CAMPAIGN_NOT_CLOSED')
    expect((await call('POST', '/api/admin/campaigns/nowhere/reopen', {})).statusCode).toBe(404)

    const audit = await shared.database.query<{
      actor: string
      action: string
      details: Record<string, unknown>
    }>("SELECT actor, action, details FROM audit_log WHERE subject = 'ferns' ORDER BY id")
    expect(audit.map(({ actor, action }) => ({ actor, action }))).toEqual([
      { actor: 'admin:alice.wam', action: 'campaign.created' },
      { actor: 'admin:alice.wam', action: 'campaign.closed' },
      { actor: 'admin:alice.wam', action: 'campaign.reopened' },
    ])
    expect(audit[2].details).toEqual({ closedAt: expect.stringMatching(/Z$/) })
  })

  it('refuses to close the welcome campaign, which stays open and unaudited', async () => {
    await seedCatalogueFor(readEnvironment({}), shared.database)
    const refused = await call('POST', '/api/admin/campaigns/welcome/close', {})
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toEqual({
      code: 'ADMIN_CAMPAIGN_WELCOME',
      message: 'The welcome campaign cannot be closed: every first visit claims its code.',
    })
    expect(await listedCampaign('welcome')).toMatchObject({
      welcome: true,
      state: 'open',
    })
    const audit = await shared.database.query(
      "SELECT 1 FROM audit_log WHERE subject = 'welcome' AND actor LIKE 'admin%'",
    )
    expect(audit).toEqual([])
  })

  it('keeps a closed campaign whose window has ended closed: reopening it is refused', async () => {
    await shared.database.query(
      `INSERT INTO campaigns (slug, name, kind, reward_quantity, token_contract, ends_at, closed_at)
       VALUES ('bygone', 'Bygone', 'shared', '1.0000 FERN', 'fern.token',
               '2020-01-01T00:00:00Z', '2019-12-31T00:00:00Z')`,
    )
    const refused = await call('POST', '/api/admin/campaigns/bygone/reopen', {})
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toEqual({
      code: 'ADMIN_CAMPAIGN_WINDOW_OVER',
      message:
        'Campaign bygone ended at 2020-01-01T00:00:00.000Z: reopened, it would still refuse every code, so it stays closed.',
    })
    expect((await listedCampaign('bygone'))?.state).toBe('closed')
  })

  it('retries a parked payout once, audited with the operator’s account', async () => {
    const id = await parkedReward()
    const retried = await call('POST', `/api/admin/payouts/${id}/retry`, {})
    expect(retried.statusCode).toBe(204)
    const [row] = await shared.database.query<{ due: boolean }>(
      'SELECT next_attempt_at <= now() AS due FROM rewards WHERE id = $1',
      [id],
    )
    expect(row.due).toBe(true)
    const [audit] = await shared.database.query<{ actor: string }>(
      "SELECT actor FROM audit_log WHERE subject = $1 AND action = 'payout.retried'",
      [id],
    )
    expect(audit.actor).toBe('admin:alice.wam')
    const unknown = await call(
      'POST',
      '/api/admin/payouts/00000000-0000-0000-0000-000000000000/retry',
      {},
    )
    expect(unknown.json().error.code).toBe('ADMIN_REWARD_NOT_WAITING')
  })

  it('counts the rewards still to be paid in the overview, and neither paid, rejected nor unknown codes', async () => {
    const pending = async () =>
      ((await call('GET', '/api/admin/payouts')).json() as AdminOverview['payouts']).pending
    const before = await pending()
    // Not due, so no worker moves them while the count is read.
    await shared.database.query(
      `INSERT INTO rewards (code, wax_account, status, next_attempt_at, code_unknown)
       SELECT 'unpaid-' || status || '-' || gen_random_uuid(), 'bob.wam', status, 'infinity', unknown
         FROM (VALUES ('pending', false), ('processing', false), ('confirming', false),
                      ('completed', false), ('rejected', false), ('pending', true)) s(status, unknown)`,
    )
    expect(await pending()).toBe(before + 3)
  })

  it('the live overview moves when a code of a campaign is claimed', async () => {
    await call('POST', '/api/admin/campaigns', {
      slug: 'brook',
      name: 'Brook',
      kind: 'shared',
      reward: '1.0000 FERN',
      code: 'brook-song',
    })
    const stream = await openEventStream(`${shared.baseUrl}/api/admin/live`, operator)
    const brook = (event: { event: string; data: unknown }) =>
      (event.data as AdminOverview).campaigns.find((campaign) => campaign.slug === 'brook')
    expect(brook(await stream.next((event) => event.event === 'overview'))).toMatchObject({
      claimed: 0,
      claimsOverTime: [],
    })
    // A worker's claim of the code, as redeemCodes and leaseRewards write it.
    await shared.database.transaction(async (tx) => {
      const [{ id }] = await tx.query<{ id: number }>(
        "UPDATE campaigns SET claimed_count = claimed_count + 1 WHERE slug = 'brook' RETURNING id",
      )
      await tx.query(
        `INSERT INTO rewards (code, wax_account, status, campaign_id)
         VALUES ('brook-song', 'bob.wam', 'processing', $1)`,
        [id],
      )
    })
    const moved = await stream.next((event) => brook(event)?.claimed === 1)
    expect(brook(moved)?.claimsOverTime).toEqual([
      { at: expect.stringMatching(/:00\.000Z$/), claims: 1 },
    ])
    stream.close()
  })

  it('previews an NFT template as the chain has it, and shows an NFT campaign’s supply with it', async () => {
    const preview = await call('GET', `/api/admin/nft-template?nft=${NFT_COLLECTION}:3`)
    expect(preview.statusCode).toBe(200)
    const { template, supply } = preview.json()
    expect(template).toEqual({
      collection: NFT_COLLECTION,
      schema: 'treasures',
      templateId: 3,
      name: 'Ancient Relic',
      image: 'nft/ancient-relic.svg',
    })
    expect(supply).toEqual({ issued: 0, max: 0 })
    const unknown = await call('GET', `/api/admin/nft-template?nft=${NFT_COLLECTION}:999`)
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.code).toBe('ADMIN_NFT_TEMPLATE_UNKNOWN')
    const malformed = await call('GET', `/api/admin/nft-template?nft=${NFT_COLLECTION}`)
    expect(malformed.json().error.code).toBe('ADMIN_NFT_INVALID')

    const slug = newSlug()
    await createCampaign({ slug, name: 'Relics', kind: 'unique', nft: `${NFT_COLLECTION}:3` })
    const campaigns = await listedCampaigns()
    const relics = campaigns.find((campaign) => campaign.slug === slug)
    expect(relics?.nftSupply).toEqual(supply)
    expect(relics?.nftSource).toBe('mint')
    expect(relics).not.toHaveProperty('nftPoolSize')
    const tokenCampaigns = campaigns.filter((campaign) => campaign.nft === null)
    expect(tokenCampaigns.length).toBeGreaterThan(0)
    for (const campaign of tokenCampaigns) {
      expect(campaign).not.toHaveProperty('nftSupply')
      expect(campaign.nftSource).toBeNull()
    }
  })

  it('previews the assets a pool would hand out, refuses a pool the payout account holds none of, and shows a pool’s size', async () => {
    // The devchain's seed gives the payout account its 'Oak acorn's (template 2), none of template 3.
    const acorns = (await call('GET', `/api/admin/nft-template?nft=${NFT_COLLECTION}:2`)).json()
    expect(acorns.template.name).toBe('Oak acorn')
    expect(acorns.held).toBeGreaterThan(0)
    const relics = (await call('GET', `/api/admin/nft-template?nft=${NFT_COLLECTION}:3`)).json()
    expect(relics.held).toBe(0)

    const refused = await call('POST', '/api/admin/campaigns', {
      slug: newSlug(),
      name: 'Relics',
      kind: 'shared',
      nftPool: `${NFT_COLLECTION}:3`,
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toMatchObject({ code: 'ADMIN_NFT_POOL_EMPTY', field: 'nftPool' })

    const slug = newSlug()
    const created = await createCampaign({
      slug,
      name: 'Acorns',
      kind: 'shared',
      nftPool: `${NFT_COLLECTION}:2`,
    })
    expect(created).toMatchObject({
      nftSource: 'pool',
      reward: 'NFT Oak acorn from the pool (fernwoodnfts:2)',
    })
    expect((await listedCampaign(slug))?.nftPoolSize).toBe(acorns.held)
  })

  it('signing out ends the operator’s live stream', async () => {
    const session = await connectWallet('alice.wam', true)
    const stream = await openEventStream(`${shared.baseUrl}/api/admin/live`, session)
    await stream.next((event) => event.event === 'overview')
    const signOut = await shared.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { origin: jsonFromSite.origin, cookie: session },
    })
    expect(signOut.statusCode).toBe(204)
    await stream.ended
  })
})
