import {
  ApiKeySchema,
  ApiKeysResponseSchema,
  CreateApiKeyRequestSchema,
  CreatedApiKeySchema,
  RegisteredWebhookSchema,
  RegisterWebhookRequestSchema,
  WebhookDeliveriesResponseSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhooksResponseSchema,
} from '@fernwood/protocol/partners'
import type { FastifyReply } from 'fastify'
import { Type } from 'typebox'
import type { Environment } from '../config/environment.ts'
import type { AddressPolicy } from '../outbound/address-guard.ts'
import { createApiKey, listApiKeys, revokeApiKey } from '../partner-api/api-keys.ts'
import { ApiKeyCampaignUnknown, ApiKeyNotFound } from '../partner-api/errors.ts'
import { listDeliveries, redeliver } from '../partner-webhooks/deliveries.ts'
import { listWebhooks, registerWebhook, removeWebhook } from '../partner-webhooks/endpoints.ts'
import {
  WebhookCampaignUnknown,
  WebhookDeliveryNotFound,
  WebhookEndpointNotFound,
  WebhookUrlRefused,
} from '../partner-webhooks/errors.ts'
import { type CliFlag, text } from './cli-flags.ts'
import { defineOperation } from './operation.ts'

/**
 * The partner API's operations (docs/partner-api.md): partners' API keys and the webhook
 * endpoints their rewards' events go to. Each change is audited by the functions it runs; a
 * secret is answered once, by the operation that made it, and never kept but as its hash (a
 * key's) or for signing (an endpoint's).
 */

const Id = Type.String({ format: 'uuid' })
// webhook_deliveries' ids are bigints: anything else is refused by the schema, not the database.
const DeliveryId = Type.String({ pattern: '^[0-9]{1,18}$' })

/** `a,b,c` as its items: the CLI's way of giving a list. */
const commaList = (): CliFlag => ({
  read: (value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
})

/**
 * `text` with its control characters shown as `?`: names and URLs are what partners asked for,
 * and a terminal would act on an escape sequence among them.
 */
const printable = (text: string) => text.replace(/\p{Cc}/gu, '?')

/** The destinations a webhook may have here, as the sender checks them before each delivery. */
export const webhookAddressPolicy = (env: Environment): AddressPolicy => ({
  allowLoopback: env.CHAIN === 'devchain',
  allowPrivate: env.PARTNER_WEBHOOKS_PRIVATE_ADDRESSES,
})

// An answer holding a secret, this once: no cache keeps it.
const sendSecret = (made: unknown, reply: FastifyReply) =>
  reply.status(201).header('cache-control', 'no-store').send(made)

const createKey = defineOperation({
  name: 'createApiKey',
  input: CreateApiKeyRequestSchema,
  errors: [ApiKeyCampaignUnknown],
  run: ({ database, operator }, input) => createApiKey(database, operator, input),
  http: {
    route: 'POST /api/admin/api-keys',
    status: 201,
    response: CreatedApiKeySchema,
    send: (made, reply) => sendSecret(made, reply),
  },
  cli: {
    command: 'api-keys create',
    usage: `api-keys create --name <name> --campaigns <slug,…>
                             an API key for a partner, for these campaigns only; its secret
                             is shown this once, and kept only as a hash`,
    flags: { name: text(), campaigns: commaList() },
    print: (key, _, { print }) => {
      print(`Created API key ${key.id} (${printable(key.name)}) for ${key.campaigns.join(', ')}.`)
      print('Hand this secret to the partner; it is not shown again:')
      print(`  ${key.secret}`)
    },
  },
})

const listKeys = defineOperation({
  name: 'listApiKeys',
  input: Type.Object({}),
  run: async ({ database }) => ({ keys: await listApiKeys(database) }),
  http: { route: 'GET /api/admin/api-keys', response: ApiKeysResponseSchema },
  cli: {
    command: 'api-keys list',
    usage: 'api-keys list                every API key, newest first, with its last use',
    print: ({ keys }, _, { print }) => {
      print(`${keys.length} API key(s)`)
      for (const key of keys) {
        print(
          [
            key.id,
            printable(key.name),
            key.campaigns.join(','),
            `created ${key.createdAt}`,
            `last used ${key.lastUsedAt ?? 'never'}`,
            key.revokedAt ? `REVOKED ${key.revokedAt}` : 'in force',
          ].join('\t'),
        )
      }
    },
  },
})

const revokeKey = defineOperation({
  name: 'revokeApiKey',
  input: Type.Object({ id: Id }, { additionalProperties: false }),
  errors: [ApiKeyNotFound],
  run: ({ database, operator }, input) => revokeApiKey(database, operator, input),
  http: { route: 'POST /api/admin/api-keys/:id/revoke', response: ApiKeySchema },
  cli: {
    command: 'api-keys revoke',
    usage: 'api-keys revoke --id <id>    refused by every server from its next request on',
    flags: { id: text() },
    print: (key, _, { print }) =>
      print(`Revoked API key ${key.id} (${printable(key.name)}): every server refuses it.`),
  },
})

const addWebhook = defineOperation({
  name: 'registerWebhook',
  input: RegisterWebhookRequestSchema,
  errors: [WebhookUrlRefused, WebhookCampaignUnknown],
  run: ({ database, env, operator }, input) =>
    registerWebhook(database, operator, input, webhookAddressPolicy(env)),
  http: {
    route: 'POST /api/admin/webhooks',
    status: 201,
    response: RegisteredWebhookSchema,
    send: (made, reply) => sendSecret(made, reply),
  },
  cli: {
    command: 'webhooks add',
    usage: `webhooks add --url <url> --events <event,…> --campaigns <slug,…>
                             a partner's endpoint for these events (reward.completed,
                             reward.rejected, reward.failed) of these campaigns' rewards; HTTPS
                             and public (loopback on the devchain only); its signing secret is
                             shown this once`,
    flags: { url: text(), events: commaList(), campaigns: commaList() },
    print: (endpoint, _, { print }) => {
      print(
        `Registered webhook ${endpoint.id}: ${endpoint.events.join(', ')} of ${endpoint.campaigns.join(', ')}.`,
      )
      print('Hand this signing secret to the partner; it is not shown again:')
      print(`  ${endpoint.secret}`)
    },
  },
})

const listEndpoints = defineOperation({
  name: 'listWebhooks',
  input: Type.Object({}),
  run: async ({ database }) => ({ endpoints: await listWebhooks(database) }),
  http: { route: 'GET /api/admin/webhooks', response: WebhooksResponseSchema },
  cli: {
    command: 'webhooks list',
    usage: 'webhooks list                every webhook endpoint, newest first',
    print: ({ endpoints }, _, { print }) => {
      print(`${endpoints.length} webhook endpoint(s)`)
      for (const endpoint of endpoints) {
        print(
          [
            endpoint.id,
            printable(endpoint.url),
            endpoint.events.join(','),
            endpoint.campaigns.join(','),
            endpoint.removedAt ? `REMOVED ${endpoint.removedAt}` : 'in force',
          ].join('\t'),
        )
      }
    },
  },
})

const removeEndpoint = defineOperation({
  name: 'removeWebhook',
  input: Type.Object({ id: Id }, { additionalProperties: false }),
  errors: [WebhookEndpointNotFound],
  run: ({ database, operator }, input) => removeWebhook(database, operator, input),
  http: { route: 'POST /api/admin/webhooks/:id/remove', response: WebhookEndpointSchema },
  cli: {
    command: 'webhooks remove',
    usage: 'webhooks remove --id <id>    no more deliveries to it, not even those due',
    flags: { id: text() },
    print: (endpoint, _, { print }) =>
      print(`Removed webhook ${endpoint.id} (${printable(endpoint.url)}).`),
  },
})

const listEndpointDeliveries = defineOperation({
  name: 'listWebhookDeliveries',
  input: Type.Object({ id: Id }, { additionalProperties: false }),
  errors: [WebhookEndpointNotFound],
  run: async ({ database }, { id }) => ({ deliveries: await listDeliveries(database, id) }),
  http: {
    route: 'GET /api/admin/webhooks/:id/deliveries',
    response: WebhookDeliveriesResponseSchema,
  },
  cli: {
    command: 'webhooks deliveries',
    usage: `webhooks deliveries --id <endpoint>
                             its latest deliveries, failed ones first`,
    flags: { id: text() },
    print: ({ deliveries }, _, { print }) => {
      print(`${deliveries.length} deliver${deliveries.length === 1 ? 'y' : 'ies'}`)
      for (const delivery of deliveries) {
        print(
          [
            delivery.id,
            delivery.state.toUpperCase(),
            delivery.event,
            delivery.rewardId,
            delivery.at,
            `${delivery.attempts} attempt(s)`,
            printable(delivery.lastError ?? ''),
          ].join('\t'),
        )
      }
    },
  },
})

const redeliverOne = defineOperation({
  name: 'redeliverWebhook',
  input: Type.Object({ id: Id, deliveryId: DeliveryId }, { additionalProperties: false }),
  errors: [WebhookDeliveryNotFound],
  run: ({ database, operator }, input) => redeliver(database, operator, input),
  http: {
    route: 'POST /api/admin/webhooks/:id/deliveries/:deliveryId/redeliver',
    response: WebhookDeliverySchema,
  },
  cli: {
    command: 'webhooks redeliver',
    usage: `webhooks redeliver --id <endpoint> --delivery <id>
                             deliver it again now, under its same webhook-id`,
    flags: { id: text(), delivery: text('deliveryId') },
    print: (delivery, { id }, { print }) =>
      print(`Delivery ${delivery.id} of ${delivery.event} to ${id} is due again now.`),
  },
})

export const partnerOperations = [
  createKey,
  listKeys,
  revokeKey,
  addWebhook,
  listEndpoints,
  removeEndpoint,
  listEndpointDeliveries,
  redeliverOne,
]
