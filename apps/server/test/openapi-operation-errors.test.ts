import { randomUUID } from 'node:crypto'
import { NFT_COLLECTION } from '@fernwood/devchain'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Operation } from '../src/admin/operation.ts'
import { documentedErrors, operations, pathParameters } from '../src/admin/operation-table.ts'
import { jsonFromSite } from './support/test-app.ts'
import { testDriver } from './support/test-database.ts'
import { useTestApp } from './support/use-test-app.ts'
import { connectWithProof } from './support/wallet-proofs.ts'

const shared = useTestApp({
  environment: { ADMIN_ACCOUNTS: 'alice.wam' },
  seedCatalogue: true,
  sharedChain: true,
})

/** Every value a bad request may send in a property, of every type and many a wrong spelling. */
const VALUES: unknown[] = [
  ...['', ' ', 'x', 'Not Valid!', 'fuzz-unique', 'fuzz-code', 'fuzz-group', 'welcome'],
  ...['2030-01-01', '2030-01-01T00:00:00Z', '2020-01-01T00:00:00Z', 'next friday'],
  ...['10 fern', '1.0000 FERN', '2.5000 FERN', '3', '1/month', '1/day', 'fernwoodnfts'],
  ...[`${NFT_COLLECTION}:999`, `${NFT_COLLECTION}:2`, `${NFT_COLLECTION}:3`, 'Fern Woods'],
  ...['alice.wam\nNot An Account\n', '10.0000 FERN@fern.token', '1.0000 FERN@fern.token'],
  ...[0, -1, 1, 2, 3, 1.5, 10_001, 100_000, true, false, null, [], {}],
]

/** The request an operation takes when nothing is wrong with it, before one thing is spoilt. */
const FINE_INPUTS: Record<string, () => Record<string, unknown>> = {
  createCampaign: () => ({
    slug: `fuzz-${randomUUID()}`,
    name: 'Fuzz',
    kind: 'shared',
    reward: '1.0000 FERN',
  }),
  editCampaign: () => ({ cap: 100 }),
  rejectClaims: () => ({ selection: { accounts: ['alice.wam'] } }),
  generateCodes: () => ({ count: 1 }),
  previewNftTemplate: () => ({ nft: `${NFT_COLLECTION}:2` }),
  createApiKey: () => ({ name: 'Fuzz', campaigns: ['fuzz-unique'] }),
  registerWebhook: () => ({
    url: 'http://127.0.0.1:9/hook',
    events: ['reward.completed'],
    campaigns: ['fuzz-unique'],
  }),
}

/** Spoils of more than one property at once, for the refusals that take two to make. */
const SPOILS: Record<string, Array<Record<string, unknown>>> = {
  createCampaign: [
    { startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' },
    { kind: 'unique', code: 'mine' },
    // A tree that asks for the allowlist, with no accounts given for it.
    { rules: { any: [{ rule: 'allowlist' }, { rule: 'min_account_age', days: 7 }] } },
  ],
  editCampaign: [
    { startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' },
    { slug: 'fuzz-ended', reopen: true },
    { rules: { any: [{ rule: 'allowlist' }, { rule: 'min_account_age', days: 7 }] } },
  ],
  createApiKey: [{ campaigns: ['nowhere'] }],
  registerWebhook: [{ campaigns: ['nowhere'] }, { url: 'https://10.1.2.3/hook' }],
}

/**
 * The refusals no bad request can bring about, and the tests that answer them: the operator
 * check's, and those that need the chain in a state of its own.
 */
const SITUATIONAL: Record<string, string> = {
  NOT_SIGNED_IN: 'admin-api.test.ts',
  ADMIN_WALLET_REQUIRED: 'admin-api.test.ts',
  ADMIN_WALLET_UNVERIFIED: 'admin-api.test.ts',
  ADMIN_NOT_OPERATOR: 'admin-api.test.ts',
  ADMIN_NFT_NOT_MINTER: 'nft-rewards.test.ts',
  ADMIN_NFT_SCHEMA_UNTIED: 'nft-rewards.test.ts',
  ADMIN_CHAIN_UNAVAILABLE: 'none: a chain that does not answer',
}

let cookie: string
const values: Record<string, unknown[]> = {}

beforeAll(async () => {
  cookie = (await connectWithProof(shared.app, 'alice.wam')).cookie
  const db = shared.database
  await db.query(
    `INSERT INTO campaigns (slug, name, kind, reward_quantity, token_contract, claimed_count,
                            closed_at, ends_at)
     VALUES ('fuzz-unique', 'Unique', 'unique', '1.0000 FERN', 'fern.token', 3, NULL, NULL),
            ('fuzz-shared', 'Shared', 'shared', '1.0000 FERN', 'fern.token', 0, NULL, NULL),
            ('fuzz-closed', 'Closed', 'unique', '1.0000 FERN', 'fern.token', 0, now(), NULL),
            ('fuzz-ended', 'Ended', 'unique', '1.0000 FERN', 'fern.token', 0, now(), '2020-01-01')`,
  )
  await db.query(
    `INSERT INTO codes (code, campaign_id) SELECT 'fuzz-code', id FROM campaigns WHERE slug = 'fuzz-shared'`,
  )
  const ids = await db.query<{ id: string }>(
    // Two generations making codes on another server's lease: a third waits its turn.
    `INSERT INTO code_generations (campaign_id, requested_by, count, origin, state, finished_at,
                                   lease_holder, lease_expires_at)
     SELECT id, 'admin', 1, 'http://fernwood.test', state, CASE WHEN state = 'done' THEN now() END,
            gen_random_uuid(), now() + interval '1 hour'
       FROM campaigns, unnest(ARRAY['running', 'running', 'done']) AS state
      WHERE slug = 'fuzz-unique'
     RETURNING id`,
  )
  const [reward] = await db.query<{ id: string }>(
    `INSERT INTO rewards (code, wax_account, status, next_attempt_at)
     VALUES ('fuzz-code', 'bob.wam', 'processing', 'infinity') RETURNING id`,
  )
  const [kiosk] = await db.query<{ id: string }>(
    `INSERT INTO kiosk_credentials (campaign_id, secret_hash, issued_by, expires_at)
     SELECT id, sha256('fuzz'::bytea), 'admin', now() + interval '1 hour' FROM campaigns
      WHERE slug = 'fuzz-unique' RETURNING id`,
  )
  values.slug = ['fuzz-unique', 'fuzz-shared', 'fuzz-closed', 'fuzz-ended', 'welcome', 'nowhere']
  const [endpoint] = await db.query<{ id: string; delivery: string }>(
    `WITH e AS (INSERT INTO webhook_endpoints (url, events, secret)
                VALUES ('http://127.0.0.1:9/hook', '{reward.completed}', 'whsec_x') RETURNING id)
     INSERT INTO webhook_deliveries (endpoint_id, event, reward_id, data)
     SELECT id, 'reward.completed', gen_random_uuid(), '{}' FROM e
     RETURNING endpoint_id AS id, id::text AS delivery`,
  )
  const uuids = [
    ...[...ids.map(({ id }) => id), reward.id, kiosk.id, endpoint.id],
    ...[randomUUID(), 'not-a-uuid'],
  ]
  values.id = uuids
  values.deliveryId = [endpoint.delivery, '999999', 'x', '1.5']
  values.rewardId = uuids
})

/** The codes the OpenAPI document says `route` ('METHOD /path') answers with, and their status. */
async function documented(route: string): Promise<Map<string, number>> {
  const [method, path] = route.split(' ')
  const document = (await shared.app.inject('/api/openapi.json')).json()
  const operation = document.paths[path.replace(/:(\w+)/g, '{$1}')][method.toLowerCase()]
  const codes = new Map<string, number>()
  for (const [status, { description }] of Object.entries<{ description: string }>(
    operation.responses,
  )) {
    for (const [, code] of description.matchAll(/^([A-Z_]+):/gm)) codes.set(code, Number(status))
  }
  return codes
}

interface BadRequest {
  method: 'GET' | 'POST' | 'DELETE'
  url: string
  payload?: unknown
}

/** The requests of `operation` that each spoil one thing of a fine one. */
function badRequests({ name, input, http }: Operation): BadRequest[] {
  if (!http) return []
  const [method, path] = http.route.split(' ') as [BadRequest['method'], string]
  const inPath = pathParameters(path)
  const pathOf = (given: Record<string, unknown>) =>
    path.replace(/:(\w+)/g, (_, parameter: string) => encodeURIComponent(String(given[parameter])))
  const fine = () => ({
    ...Object.fromEntries(inPath.map((parameter) => [parameter, values[parameter][0]])),
    ...FINE_INPUTS[name]?.(),
  })
  const inRest = Object.keys(input.properties).filter((property) => !inPath.includes(property))
  const spoilt = [
    ...inPath.flatMap((parameter) => values[parameter].map((value) => ({ [parameter]: value }))),
    ...inRest.flatMap((property) => VALUES.map((value) => ({ [property]: value }))),
    // Each property left out.
    ...inRest.map((property) => ({ [property]: undefined })),
    ...(SPOILS[name] ?? []),
    { unknownProperty: 1 },
  ]
  const requests = spoilt.map((change): BadRequest => {
    const given: Record<string, unknown> = { ...fine(), ...change }
    const rest = Object.fromEntries(
      Object.entries(given).filter(([key, value]) => !inPath.includes(key) && value !== undefined),
    )
    const query = new URLSearchParams(rest as Record<string, string>)
    return method === 'GET'
      ? { method: method, url: `${pathOf(given)}${query.size > 0 ? `?${query}` : ''}` }
      : { method: method, url: pathOf(given), payload: rest }
  })
  // A body that is no object at all.
  if (method === 'POST') requests.push({ ...requests[0], payload: [] })
  return requests
}

// Hundreds of requests an operation: allow for a busy machine.
describe(`each operator operation answers with the refusals it documents (${testDriver})`, {
  timeout: 120_000,
}, () => {
  it.each(
    operations.flatMap((operation) =>
      operation.http ? [[operation.name, operation] as const] : [],
    ),
  )(
    '%s: bad requests are refused only as documented, and each documented refusal is answered',
    async (_, operation) => {
      const codes = await documented(operation.http?.route ?? '')
      const answered = new Set<string>()
      for (const request of badRequests(operation)) {
        const response = await shared.app.inject({
          ...request,
          payload: request.payload as object | undefined,
          headers: { ...jsonFromSite, cookie },
        })
        if (response.statusCode < 400) continue
        const { code } = response.json().error
        const said = `${request.method} ${request.url} ${JSON.stringify(request.payload ?? '')}`
        expect(codes.get(code), `${said} answered ${code}`).toBe(response.statusCode)
        answered.add(code)
      }
      expect(answered).not.toContain('INTERNAL')
      const unanswered = documentedErrors(operation).filter(
        (code) => !answered.has(code) && !(code in SITUATIONAL),
      )
      expect(unanswered).toEqual([])
    },
  )
})
