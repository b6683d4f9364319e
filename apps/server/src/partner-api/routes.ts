import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import type { Static } from 'typebox'
import type { AccountHoldings } from '../chain/account-holdings.ts'
import type { Database } from '../db/database.ts'
import { statementBatches } from '../db/statement-batches.ts'
import { configuredOrigin, ownOrigin } from '../http/own-origin.ts'
import { rateLimitHook } from '../http/rate-limit.ts'
import {
  type AuthenticatedKey,
  authenticateSecrets,
  type KeyUse,
  recordKeyUses,
} from './api-keys.ts'
import { makeClaimLinks } from './claim-links.ts'
import { ApiKeyCampaignRefused, ApiKeyInvalid, GrantNotFound } from './errors.ts'
import { createGrantBatches } from './grant-batches.ts'
import { makeGrant, readGrants } from './grants.ts'
import { pruneIdempotencyKeys } from './idempotency.ts'
import {
  ClaimLinksRequestSchema,
  ClaimLinksResponseSchema,
  GrantListQuerySchema,
  GrantListResponseSchema,
  GrantParamsSchema,
  GrantRequestSchema,
  GrantResponseSchema,
  IdempotentHeadersSchema,
} from './schemas.ts'

export const PARTNER_API_PREFIX = '/api/v1'

/** The OpenAPI security scheme of `/api/v1`: `Authorization: Bearer <secret>`. */
export const PARTNER_API_SECURITY = [{ partnerApiKey: [] }]

export interface PartnerApiOptions {
  database: Database
  /** the chain's answers to campaigns' eligibility rules */
  holdings: AccountHoldings
  requestsPerMinute: number
  idempotencyKeyDays: number
  /** how long a grant waiting on the chain holds its Idempotency-Key (IDEMPOTENCY_LEASE_SECONDS) */
  idempotencyLeaseSeconds: number
  /** PUBLIC_ORIGIN, HOST and PORT: where claim links open */
  origin: { PUBLIC_ORIGIN?: string; HOST: string; PORT: number }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the partner's key the request authenticated with (`/api/v1`) */
    partnerKey: AuthenticatedKey | null
  }
}

// Answered keys are forgotten after IDEMPOTENCY_KEY_DAYS; looking once an hour is plenty.
const PRUNE_INTERVAL_MS = 3_600_000
const PAGE_SIZE = 50
const POSITION = /^[^|]+\|[0-9a-f-]{36}$/

/**
 * The partner API, `/api/v1`: a partner's backend grants rewards, reads them back and makes
 * claim links, authenticated by an API key (`Authorization: Bearer <secret>`) read from the
 * database on every request (so a revoked key is refused at once by every server), limited per
 * key across servers, and each use audited. A grant takes an Idempotency-Key (`idempotency.ts`).
 */
export const partnerApiRoutes: FastifyPluginAsyncTypebox<PartnerApiOptions> = async (
  app,
  { database, holdings, requestsPerMinute, idempotencyKeyDays, idempotencyLeaseSeconds, origin },
) => {
  app.decorateRequest('partnerKey', null)
  // Every request reads its key, so each batch of them is one round trip, not one each.
  const keyOfSecret = statementBatches<string, AuthenticatedKey | undefined>(database, (secrets) =>
    authenticateSecrets(database, secrets),
  )
  const authenticate = async (request: FastifyRequest) => {
    const [scheme, secret] = (request.headers.authorization ?? '').split(' ')
    const key = scheme === 'Bearer' && secret ? await keyOfSecret(secret) : undefined
    if (!key) throw new ApiKeyInvalid()
    request.partnerKey = key
  }
  const perKey = rateLimitHook(app, {
    name: 'partner-api-key',
    max: requestsPerMinute,
    windowMs: 60_000,
    key: (request) => keyOf(request).id,
  })
  // Each use its own commit (a WAL flush) held the database's attention as long as a grant did.
  const recordKeyUse = statementBatches<KeyUse, void>(database, async (uses) => {
    await recordKeyUses(database, uses)
    return uses.map(() => undefined)
  })
  app.addHook('onResponse', async (request, reply) => {
    const key = request.partnerKey
    if (!key) return
    const idempotencyKey = request.headers['idempotency-key']
    await recordKeyUse({
      keyId: key.id,
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      status: reply.statusCode,
      ...(typeof idempotencyKey === 'string' && { idempotencyKey }),
    }).catch((error) => request.log.error({ err: error }, 'could not record an API key’s use'))
  })
  const pruner = setInterval(() => {
    pruneIdempotencyKeys(database, idempotencyKeyDays).catch((error) =>
      app.log.warn({ err: error }, 'idempotency keys not pruned'),
    )
  }, PRUNE_INTERVAL_MS)
  pruner.unref()
  app.addHook('onClose', async () => clearInterval(pruner))

  const secured = { preHandler: [authenticate, perKey] }
  const grant = createGrantBatches(database, idempotencyLeaseSeconds)

  app.post(
    `${PARTNER_API_PREFIX}/grants`,
    {
      ...secured,
      schema: {
        summary: 'Grant a campaign’s reward to a WAX account',
        security: PARTNER_API_SECURITY,
        headers: IdempotentHeadersSchema,
        body: GrantRequestSchema,
        response: { 201: GrantResponseSchema },
      },
    },
    async (request, reply) => {
      const key = keyOf(request)
      const answer = await makeGrant(database, holdings, grant, {
        ...request.body,
        apiKeyId: key.id,
        campaignId: campaignOf(key, request.body.campaign),
        idempotencyKey: request.headers['idempotency-key'],
      })
      if (answer.replayed) reply.header('idempotent-replayed', 'true')
      // The grant (201) or the refusal as first answered, whichever this key's answer was.
      return reply
        .status(answer.status as 201)
        .send(answer.body as Static<typeof GrantResponseSchema>)
    },
  )

  app.get(
    `${PARTNER_API_PREFIX}/grants/:id`,
    {
      ...secured,
      schema: {
        summary: 'Read a grant',
        security: PARTNER_API_SECURITY,
        params: GrantParamsSchema,
        response: { 200: GrantResponseSchema },
      },
    },
    async (request) => {
      const { grants } = await readGrants(database, {
        campaignIds: [...keyOf(request).campaigns.values()],
        ids: [request.params.id],
      })
      if (grants.length === 0) throw new GrantNotFound(request.params.id)
      return { grant: grants[0] }
    },
  )

  app.get(
    `${PARTNER_API_PREFIX}/grants`,
    {
      ...secured,
      schema: {
        summary: 'List grants, by reference, a page at a time',
        security: PARTNER_API_SECURITY,
        querystring: GrantListQuerySchema,
        response: { 200: GrantListResponseSchema },
      },
    },
    async (request) => {
      const { reference, cursor, limit } = request.query
      const limitOfPage = limit === undefined ? PAGE_SIZE : Number(limit)
      const after = cursor === undefined ? undefined : Buffer.from(cursor, 'base64url').toString()
      if (after !== undefined && !POSITION.test(after)) return { grants: [], nextCursor: null }
      const { grants, last } = await readGrants(database, {
        campaignIds: [...keyOf(request).campaigns.values()],
        reference,
        after,
        limit: limitOfPage,
      })
      const full = grants.length === limitOfPage && last !== null
      return { grants, nextCursor: full ? Buffer.from(last).toString('base64url') : null }
    },
  )

  app.post(
    `${PARTNER_API_PREFIX}/claim-links`,
    {
      ...secured,
      schema: {
        summary: 'Make single-use claim links of a unique campaign',
        security: PARTNER_API_SECURITY,
        body: ClaimLinksRequestSchema,
        response: { 201: ClaimLinksResponseSchema },
      },
    },
    async (request, reply) => {
      const { campaign, count, expiresAt } = request.body
      const links = await makeClaimLinks(database, {
        campaignId: campaignOf(keyOf(request), campaign),
        campaign,
        count,
        expiresAt,
        origin: ownOrigin(request, origin.PUBLIC_ORIGIN) ?? configuredOrigin(origin),
      })
      return reply.status(201).send({ campaign, links })
    },
  )
}

function keyOf(request: FastifyRequest): AuthenticatedKey {
  if (!request.partnerKey) throw new ApiKeyInvalid()
  return request.partnerKey
}

/** The campaign's id, when the key may use it; whether it exists is not told otherwise. */
function campaignOf(key: AuthenticatedKey, slug: string): number {
  const id = key.campaigns.get(slug)
  if (id === undefined) throw new ApiKeyCampaignRefused(slug)
  return id
}
