import type {
  ApiKey,
  ApiKeysResponse,
  CreateApiKeyRequest,
  CreatedApiKey,
  RegisteredWebhook,
  RegisterWebhookRequest,
  WebhookDeliveriesResponse,
  WebhookDelivery,
  WebhooksResponse,
} from '@fernwood/protocol/partners'
import { api } from '../../api/client'

/** The console's calls for the partner API's keys and webhook endpoints (`/api/admin/…`). */
export const partnersApi = {
  apiKeys: () => api.get<ApiKeysResponse>('/api/admin/api-keys'),
  createApiKey: (request: CreateApiKeyRequest) =>
    api.post<CreatedApiKey>('/api/admin/api-keys', request),
  revokeApiKey: (id: string) =>
    api.post<ApiKey>(`/api/admin/api-keys/${encodeURIComponent(id)}/revoke`, {}),
  webhooks: () => api.get<WebhooksResponse>('/api/admin/webhooks'),
  registerWebhook: (request: RegisterWebhookRequest) =>
    api.post<RegisteredWebhook>('/api/admin/webhooks', request),
  deliveries: (endpointId: string) =>
    api.get<WebhookDeliveriesResponse>(
      `/api/admin/webhooks/${encodeURIComponent(endpointId)}/deliveries`,
    ),
  redeliver: (endpointId: string, deliveryId: string) =>
    api.post<WebhookDelivery>(
      `/api/admin/webhooks/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
      {},
    ),
}
