import { type Static, Type } from 'typebox'

/**
 * The operators' side of the partner API, under `/api/admin` (the console's 'API keys' and
 * 'Webhooks' panels, and the CLI's `api-keys` and `webhooks` commands): the keys partners call
 * `/api/v1` with, and the endpoints their rewards' events are delivered to. A secret is in the
 * answer that made it, and never again.
 */

const Time = Type.String({ format: 'date-time' })
const NullableTime = Type.Union([Time, Type.Null()])
const CampaignSlugs = Type.Array(Type.String({ pattern: '^[a-z0-9-]{1,64}$' }), {
  minItems: 1,
  maxItems: 100,
  uniqueItems: true,
})

/** The events an endpoint may follow, of its campaigns' rewards, grants and code claims alike. */
export const WEBHOOK_EVENTS = ['reward.completed', 'reward.rejected', 'reward.failed'] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** A partner's API key: the campaigns it may use, when it was last used, whether revoked. */
export const ApiKeySchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  campaigns: Type.Array(Type.String()),
  createdAt: Time,
  lastUsedAt: NullableTime,
  revokedAt: NullableTime,
})
export type ApiKey = Static<typeof ApiKeySchema>

/** `POST /api/admin/api-keys` (the CLI's `api-keys create`). */
export const CreateApiKeyRequestSchema = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 120 }), campaigns: CampaignSlugs },
  { additionalProperties: false },
)
export type CreateApiKeyRequest = Static<typeof CreateApiKeyRequestSchema>

/** The key made (201), with its secret (`fwk_…`): shown this once, kept only as a hash. */
export const CreatedApiKeySchema = Type.Object({
  ...ApiKeySchema.properties,
  secret: Type.String(),
})
export type CreatedApiKey = Static<typeof CreatedApiKeySchema>

/** `GET /api/admin/api-keys`: every key, newest first, revoked ones too. */
export const ApiKeysResponseSchema = Type.Object({ keys: Type.Array(ApiKeySchema) })
export type ApiKeysResponse = Static<typeof ApiKeysResponseSchema>

/** A partner's webhook endpoint; `removedAt` once an operator removed it. */
export const WebhookEndpointSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  events: Type.Array(Type.String()),
  campaigns: Type.Array(Type.String()),
  createdAt: Time,
  removedAt: NullableTime,
})
export type WebhookEndpoint = Static<typeof WebhookEndpointSchema>

/** `POST /api/admin/webhooks` (the CLI's `webhooks add`). */
export const RegisterWebhookRequestSchema = Type.Object(
  {
    url: Type.String({ pattern: '^https?://', maxLength: 2000 }),
    events: Type.Array(Type.Enum(WEBHOOK_EVENTS), { minItems: 1, uniqueItems: true }),
    campaigns: CampaignSlugs,
  },
  { additionalProperties: false },
)
export type RegisterWebhookRequest = Static<typeof RegisterWebhookRequestSchema>

/** The endpoint registered (201), with its signing secret (`whsec_…`): shown this once. */
export const RegisteredWebhookSchema = Type.Object({
  ...WebhookEndpointSchema.properties,
  secret: Type.String(),
})
export type RegisteredWebhook = Static<typeof RegisteredWebhookSchema>

/** `GET /api/admin/webhooks`: every endpoint, newest first, removed ones too. */
export const WebhooksResponseSchema = Type.Object({ endpoints: Type.Array(WebhookEndpointSchema) })
export type WebhooksResponse = Static<typeof WebhooksResponseSchema>

/**
 * One event's delivery to one endpoint. `state`: `failed` once given up (after its attempts, or
 * until an operator redelivers it), `retrying` after a refused attempt, `pending` before the
 * first, `sent` once its receiver answered 2xx. `lastError` is what the last attempt met.
 */
export const WebhookDeliverySchema = Type.Object({
  id: Type.String(),
  event: Type.String(),
  rewardId: Type.String({ format: 'uuid' }),
  state: Type.Union([
    Type.Literal('failed'),
    Type.Literal('retrying'),
    Type.Literal('pending'),
    Type.Literal('sent'),
  ]),
  attempts: Type.Integer({ minimum: 0 }),
  at: Time,
  nextAttemptAt: NullableTime,
  sentAt: NullableTime,
  lastError: Type.Union([Type.String(), Type.Null()]),
})
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>

/** `GET /api/admin/webhooks/{id}/deliveries`: the latest ones, failed first, then newest first. */
export const WebhookDeliveriesResponseSchema = Type.Object({
  deliveries: Type.Array(WebhookDeliverySchema),
})
export type WebhookDeliveriesResponse = Static<typeof WebhookDeliveriesResponseSchema>
