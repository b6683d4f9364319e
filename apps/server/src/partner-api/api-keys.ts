import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { type Static, Type } from 'typebox'
import { iso, type Operator } from '../admin/operations.ts'
import { type AuditActor, audit } from '../audit/audit-log.ts'
import { campaignIdsBySlug, campaignLabelOf, linkedSlugs } from '../campaigns/references.ts'
import type { Database, Queryable } from '../db/database.ts'
import { ApiKeyCampaignUnknown, ApiKeyNotFound } from './errors.ts'

/**
 * Partners' API keys: an operator makes one for a partner, scoped to campaigns, and revokes it.
 * The secret is shown once, at its creation; the database keeps its SHA-256, and the secret
 * names its key's id, so a request finds its key by id and compares hashes in constant time.
 */

const CampaignSlug = Type.String({ pattern: '^[a-z0-9-]{1,64}$' })

export const CreateApiKeyInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    campaigns: Type.Array(CampaignSlug, { minItems: 1, maxItems: 100, uniqueItems: true }),
  },
  { additionalProperties: false },
)
export type CreateApiKeyInput = Static<typeof CreateApiKeyInputSchema>

export const RevokeApiKeyInputSchema = Type.Object(
  { id: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
)
export type RevokeApiKeyInput = Static<typeof RevokeApiKeyInputSchema>

export const ApiKeySchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  campaigns: Type.Array(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
})
export type ApiKey = Static<typeof ApiKeySchema>

/** A key as created: the only time its secret is shown. */
export const CreatedApiKeySchema = Type.Intersect([
  ApiKeySchema,
  Type.Object({ secret: Type.String() }),
])
export type CreatedApiKey = Static<typeof CreatedApiKeySchema>

/** A key as a request presents it: what it may reach. */
export interface AuthenticatedKey {
  id: string
  name: string
  /** its campaigns' ids, by slug */
  campaigns: Map<string, number>
}

const SECRET_PREFIX = 'fwk_'
// fwk_, the key's id (32 hex digits), _, and 32 random bytes in base64url.
const SECRET = /^fwk_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/

const hashOf = (secret: string) => createHash('sha256').update(secret).digest()

const idOfHex = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`

interface ApiKeyRow {
  id: string
  name: string
  campaigns: string[]
  created_at: Date
  last_used_at: Date | null
  revoked_at: Date | null
}

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  campaigns: row.campaigns,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: iso(row.last_used_at),
  revokedAt: iso(row.revoked_at),
})

const KEY_COLUMNS = `k.id, k.name, k.created_at, k.last_used_at, k.revoked_at,
  ${linkedSlugs('api_key_campaigns', 'api_key_id', 'k.id')} AS campaigns`

/** Makes a key for `input.campaigns`; its secret is in the answer and nowhere else. */
export async function createApiKey(
  database: Database,
  operator: Operator,
  input: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  return database.transaction(async (tx) => {
    const campaignIds = await campaignIdsOf(tx, input.campaigns)
    const id = crypto.randomUUID()
    const secret = `${SECRET_PREFIX}${id.replaceAll('-', '')}_${randomBytes(32).toString('base64url')}`
    await tx.query('INSERT INTO api_keys (id, name, secret_hash) VALUES ($1, $2, $3)', [
      id,
      input.name,
      hashOf(secret),
    ])
    await tx.query(
      `INSERT INTO api_key_campaigns (api_key_id, campaign_id)
       SELECT $1, unnest($2::integer[])`,
      [id, campaignIds],
    )
    await audit(tx, operator, 'api-key.created', id, {
      name: input.name,
      campaigns: input.campaigns,
    })
    const [row] = await tx.query<ApiKeyRow>(
      `SELECT ${KEY_COLUMNS} FROM api_keys k WHERE k.id = $1`,
      [id],
    )
    return { ...toApiKey(row), secret }
  })
}

/** Every key, newest first, with when it was last used and whether it was revoked. */
export async function listApiKeys(db: Queryable): Promise<ApiKey[]> {
  const rows = await db.query<ApiKeyRow>(
    `SELECT ${KEY_COLUMNS} FROM api_keys k ORDER BY k.created_at DESC, k.id`,
  )
  return rows.map(toApiKey)
}

/**
 * Revokes a key: every server refuses it from its next request on, as each reads the key from
 * the database per request. Revoking a revoked key changes nothing.
 */
export async function revokeApiKey(
  database: Database,
  operator: Operator,
  input: RevokeApiKeyInput,
): Promise<ApiKey> {
  return database.transaction(async (tx) => {
    const [revoked] = await tx.query<{ id: string }>(
      'UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 RETURNING id',
      [input.id],
    )
    if (!revoked) throw new ApiKeyNotFound(input.id)
    await audit(tx, operator, 'api-key.revoked', input.id, {})
    const [row] = await tx.query<ApiKeyRow>(
      `SELECT ${KEY_COLUMNS} FROM api_keys k WHERE k.id = $1`,
      [input.id],
    )
    return toApiKey(row)
  })
}

/**
 * The unrevoked key each secret belongs to, or undefined, any number in one query (the partner
 * API batches them, as requests arrive together). The key is found by the id the secret names,
 * then the secret's hash compared with the stored one in constant time: how long a refusal takes
 * tells nothing of how much of a guess was right.
 */
export async function authenticateSecrets(
  db: Queryable,
  secrets: readonly string[],
): Promise<Array<AuthenticatedKey | undefined>> {
  const ids = secrets.map((secret) => {
    const parts = SECRET.exec(secret)
    return parts ? idOfHex(parts[1]) : undefined
  })
  const named = [...new Set(ids.filter((id) => id !== undefined))]
  const rows =
    named.length === 0
      ? []
      : await db.query<{
          id: string
          name: string
          secret_hash: Buffer
          campaign_ids: number[]
          slugs: string[]
        }>(
          `SELECT k.id, k.name, k.secret_hash,
                  array_agg(kc.campaign_id ORDER BY kc.campaign_id) AS campaign_ids,
                  array_agg(c.slug ORDER BY kc.campaign_id) AS slugs
             FROM api_keys k
             JOIN api_key_campaigns kc ON kc.api_key_id = k.id
            CROSS JOIN LATERAL ${campaignLabelOf('kc.campaign_id')} c
            WHERE k.id = ANY($1::uuid[]) AND k.revoked_at IS NULL
            GROUP BY k.id`,
          [named],
          { preparedAs: 'authenticate_secrets' },
        )
  const byId = new Map(rows.map((row) => [row.id, row]))
  return secrets.map((secret, index) => {
    const id = ids[index]
    const row = id === undefined ? undefined : byId.get(id)
    if (!row || !timingSafeEqual(hashOf(secret), Buffer.from(row.secret_hash))) return undefined
    return {
      id: row.id,
      name: row.name,
      campaigns: new Map(row.slugs.map((slug, position) => [slug, row.campaign_ids[position]])),
    }
  })
}

/** A request made with a key, as its audit row records it. */
export interface KeyUse {
  keyId: string
  method: string
  route: string
  status: number
  idempotencyKey?: string
}

/**
 * Records keys' uses, any number in one statement (the partner API batches them, as requests end
 * together): each request in the audit trail and, in the same statement (never one without the
 * other), when its key was last used.
 */
export async function recordKeyUses(db: Queryable, uses: readonly KeyUse[]): Promise<void> {
  // The key's last use to the minute: written on every request, one row would take every
  // request of the key in turn (its lock), however many servers answer them. Its rows locked in
  // one order, and skipped while another statement marks them, so two servers' batches sharing
  // keys never deadlock (which would lose their audit rows).
  await db.query(
    `WITH used AS (
       INSERT INTO audit_log (actor, action, subject, details)
       SELECT actor, 'api-key.used', subject, details
         FROM unnest($2::text[], $3::text[], $4::jsonb[]) AS u(actor, subject, details)
     )
     UPDATE api_keys SET last_used_at = now()
      WHERE id IN (SELECT id FROM api_keys
                    WHERE id = ANY($1::uuid[])
                      AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')
                    ORDER BY id FOR UPDATE SKIP LOCKED)`,
    [
      [...new Set(uses.map(({ keyId }) => keyId))],
      uses.map(({ keyId }): AuditActor => `api-key:${keyId}`),
      uses.map(({ method, route }) => `${method} ${route}`),
      uses.map(({ status, idempotencyKey }) =>
        JSON.stringify({ status, ...(idempotencyKey !== undefined && { idempotencyKey }) }),
      ),
    ],
    { preparedAs: 'record_key_uses' },
  )
}

async function campaignIdsOf(tx: Queryable, slugs: string[]): Promise<number[]> {
  const found = await campaignIdsBySlug(tx, slugs)
  if ('unknown' in found) throw new ApiKeyCampaignUnknown(found.unknown)
  return found.ids
}
