import { grantRefusals } from './errors.ts'

/** The partner API's refusals per operation, for the OpenAPI document (openapi/route-errors.ts). */
export function partnerApiRouteErrors(): Record<string, string[]> {
  const everyCall = ['API_KEY_INVALID', 'RATE_LIMITED', 'INVALID_REQUEST']
  return {
    'POST /api/v1/grants': [
      ...everyCall,
      'API_KEY_CAMPAIGN_REFUSED',
      'IDEMPOTENCY_KEY_REUSED',
      'IDEMPOTENCY_KEY_IN_USE',
      'ELIGIBILITY_UNAVAILABLE',
      'GRANTS_PER_ACCOUNT_REACHED',
      ...grantRefusals().map(({ code }) => code),
    ],
    'GET /api/v1/grants/:id': [...everyCall, 'GRANT_NOT_FOUND'],
    'GET /api/v1/grants': everyCall,
    'POST /api/v1/claim-links': [
      ...everyCall,
      'API_KEY_CAMPAIGN_REFUSED',
      'CLAIM_LINKS_NEED_UNIQUE_CAMPAIGN',
    ],
  }
}
