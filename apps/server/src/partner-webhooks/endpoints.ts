import { randomBytes } from 'node:crypto'
import { WEBHOOK_EVENTS } from '@fernwood/protocol/partners'
import { type Static, Type } from 'typebox'
import { iso, type Operator } from '../admin/operations.ts'
import { audit } from '../audit/audit-log.ts'
import { campaignIdsBySlug, linkedSlugs } from '../campaigns/references.ts'
import type { Database, Queryable } from '../db/database.ts'
import { type AddressPolicy, refusedDestination } from '../outbound/address-guard.ts'
import { WebhookCampaignUnknown, WebhookEndpointNotFound, WebhookUrlRefused } from './errors.ts'

/**
 * Partners' webhook endpoints: an operator registers a URL for the events of some campaigns'
 * rewards, and gets its signing secret (Standard Webhooks' `whsec_` form) once; removing one
 * stops its deliveries.
 */

export const RegisterWebhookInputSchema = Type.Object(
  {
    url: Type.String({ pattern: '^https?://', maxLength: 2000 }),
    events: Type.Array(Type.Enum(WEBHOOK_EVENTS), { minItems: 1, uniqueItems: true }),
    campaigns: Type.Array(Type.String({ pattern: '^[a-z0-9-]{1,64}$' }), {
      minItems: 1,
      maxItems: 100,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
)
export type RegisterWebhookInput = Static<typeof RegisterWebhookInputSchema>

export const RemoveWebhookInputSchema = Type.Object(
  { id: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
)
export type RemoveWebhookInput = Static<typeof RemoveWebhookInputSchema>

export interface WebhookEndpoint {
  id: string
  url: string
  events: string[]
  campaigns: string[]
  createdAt: string
  removedAt: string | null
}

interface EndpointRow {
  id: string
  url: string
  events: string[]
  campaigns: string[]
  created_at: Date
  removed_at: Date | null
}

const ENDPOINT_COLUMNS = `e.id, e.url, e.events, e.created_at, e.removed_at,
  ${linkedSlugs('webhook_endpoint_campaigns', 'endpoint_id', 'e.id')} AS campaigns`

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events,
  campaigns: row.campaigns,
  createdAt: new Date(row.created_at).toISOString(),
  removedAt: iso(row.removed_at),
})

/** Registers an endpoint; its secret is in the answer and shown nowhere else. */
export async function registerWebhook(
  database: Database,
  operator: Operator,
  input: RegisterWebhookInput,
  policy: AddressPolicy,
): Promise<WebhookEndpoint & { secret: string }> {
  const refused = await refusedDestination(input.url, policy)
  if (refused) throw new WebhookUrlRefused(refused)
  const secret = `whsec_${randomBytes(32).toString('base64')}`
  return database.transaction(async (tx) => {
    const campaigns = await campaignIdsBySlug(tx, input.campaigns)
    if ('unknown' in campaigns) throw new WebhookCampaignUnknown(campaigns.unknown)
    const [{ id }] = await tx.query<{ id: string }>(
      'INSERT INTO webhook_endpoints (url, events, secret) VALUES ($1, $2, $3) RETURNING id',
      [input.url, input.events, secret],
    )
    await tx.query(
      `INSERT INTO webhook_endpoint_campaigns (endpoint_id, campaign_id)
       SELECT $1, unnest($2::integer[])`,
      [id, campaigns.ids],
    )
    // The URL may hold the receiver's token: the audit names the endpoint, not the URL.
    await audit(tx, operator, 'webhook.registered', id, {
      events: input.events,
      campaigns: input.campaigns,
    })
    return { ...(await readEndpoint(tx, id)), secret }
  })
}

/** Every endpoint, newest first. */
export async function listWebhooks(db: Queryable): Promise<WebhookEndpoint[]> {
  const rows = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e ORDER BY e.created_at DESC, e.id`,
  )
  return rows.map(toEndpoint)
}

/** Removes an endpoint: deliveries not yet made are not made. */
export async function removeWebhook(
  database: Database,
  operator: Operator,
  input: RemoveWebhookInput,
): Promise<WebhookEndpoint> {
  return database.transaction(async (tx) => {
    const [removed] = await tx.query<{ id: string }>(
      `UPDATE webhook_endpoints SET removed_at = coalesce(removed_at, now()) WHERE id = $1
       RETURNING id`,
      [input.id],
    )
    if (!removed) throw new WebhookEndpointNotFound(input.id)
    await audit(tx, operator, 'webhook.removed', input.id, {})
    return readEndpoint(tx, input.id)
  })
}

async function readEndpoint(db: Queryable, id: string): Promise<WebhookEndpoint> {
  const [row] = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.id = $1`,
    [id],
  )
  return toEndpoint(row)
}
