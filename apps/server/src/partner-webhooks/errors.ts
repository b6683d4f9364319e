import createError from '@fastify/error'

// The operators' refusals of partner webhook endpoints.
export const WebhookUrlRefused = createError(
  'WEBHOOK_URL_REFUSED',
  'This webhook URL is refused: %s.',
  422,
)
export const WebhookCampaignUnknown = createError(
  'WEBHOOK_CAMPAIGN_UNKNOWN',
  'There is no campaign %s.',
  404,
)
export const WebhookEndpointNotFound = createError(
  'WEBHOOK_ENDPOINT_NOT_FOUND',
  'There is no webhook endpoint %s.',
  404,
)
export const WebhookDeliveryNotFound = createError(
  'WEBHOOK_DELIVERY_NOT_FOUND',
  'There is no delivery %s to this webhook endpoint.',
  404,
)
