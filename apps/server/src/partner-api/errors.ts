import createError from '@fastify/error'
import { REJECTION_REASONS } from '@fernwood/protocol'

// The partner API's refusals (/api/v1 and the operations on its keys).
export const ApiKeyInvalid = createError(
  'API_KEY_INVALID',
  'Send a valid, unrevoked API key: Authorization: Bearer <secret>.',
  401,
)
// Whether the campaign exists is not told to a key outside it.
export const ApiKeyCampaignRefused = createError(
  'API_KEY_CAMPAIGN_REFUSED',
  'This API key may not use the campaign %s.',
  403,
)
export const IdempotencyKeyReused = createError(
  'IDEMPOTENCY_KEY_REUSED',
  'This Idempotency-Key was used with another request; send a new key for a new request.',
  422,
)
export const IdempotencyKeyInUse = createError(
  'IDEMPOTENCY_KEY_IN_USE',
  'A request with this Idempotency-Key is still being handled; retry it in a moment.',
  409,
)
export const GrantNotFound = createError('GRANT_NOT_FOUND', 'This API key made no grant %s.', 404)
export const GrantsPerAccountReached = createError(
  'GRANTS_PER_ACCOUNT_REACHED',
  'This account has received as many grants of this campaign as it allows.',
  422,
)
export const ClaimLinksNeedUniqueCampaign = createError(
  'CLAIM_LINKS_NEED_UNIQUE_CAMPAIGN',
  'Claim links are single-use codes: the campaign %s must be a unique one.',
  422,
)
export const ApiKeyCampaignUnknown = createError(
  'API_KEY_CAMPAIGN_UNKNOWN',
  'There is no campaign %s.',
  404,
)
export const ApiKeyNotFound = createError('API_KEY_NOT_FOUND', 'There is no API key %s.', 404)

// A grant the catalogue refused as a claim of the same account would be: by the claim's stable
// code (`not_eligible`, `fully_claimed`, …) and its words, the codes the dashboard words.
export const GRANT_REFUSED_STATUS = 422

/** Every refusal of a grant by a claim's code, for the error catalogue. */
export function grantRefusals(): Array<{ code: string; status: number; message: string }> {
  return Object.entries(REJECTION_REASONS)
    .filter(([code]) => code !== 'unknown_code')
    .map(([code, message]) => ({ code, status: GRANT_REFUSED_STATUS, message }))
}
