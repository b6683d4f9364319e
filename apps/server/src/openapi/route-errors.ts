import { operationRouteErrors } from '../admin/operation-table.ts'
import { OPERATOR_REFUSALS } from '../admin/operators.ts'
import { partnerApiRouteErrors } from '../partner-api/route-errors.ts'

/**
 * The refusals each operation answers with beyond those every operation of its kind shares
 * (see `sharedErrorCodes`), by error code. `openapi.test.ts` checks that every code is in the
 * catalogue and every catalogued code is documented somewhere; `openapi-operation-errors.test.ts`
 * that each operator operation answers what it documents, and nothing else.
 */
export const routeErrorCodes: Record<string, string[]> = {
  'POST /api/session': ['RATE_LIMITED'],
  'POST /api/session/welcome-claim': ['NOT_SIGNED_IN'],
  'POST /api/session/sign-out-everywhere': ['NOT_SIGNED_IN', 'SIGN_OUT_EVERYWHERE_UNPROVEN'],
  'POST /api/wallet/challenge': ['NOT_SIGNED_IN', 'RATE_LIMITED'],
  'POST /api/wallet': [
    'NOT_SIGNED_IN',
    'RATE_LIMITED',
    'INVALID_REQUEST',
    'WALLET_CHALLENGE_INVALID',
    'WALLET_PROOF_MISSING',
    'WALLET_PROOF_MALFORMED',
    'WALLET_PROOF_WRONG_CHAIN',
    'WALLET_PROOF_WRONG_SCOPE',
    'WALLET_PROOF_WRONG_ACCOUNT',
    'WALLET_PROOF_EXPIRED',
    'WALLET_PROOF_REPLAYED',
    'WALLET_PROOF_SIGNATURE_INVALID',
    'WALLET_PERMISSION_REFUSED',
    'WALLET_ACCOUNT_NOT_FOUND',
    'WALLET_CHAIN_UNAVAILABLE',
  ],
  // A signed-out visitor and a malformed body get the spec's one invalid-code message too.
  'POST /api/codes': [
    'CODE_INVALID',
    'CODE_DUPLICATE',
    'CODES_RATE_LIMITED',
    'CODE_LOCKED_OUT',
    'ELIGIBILITY_UNAVAILABLE',
    'OPERATOR_CHECK_UNAVAILABLE',
    'HUMAN_CHECK_REQUIRED',
    'HUMAN_CHECK_INVALID',
    'HUMAN_CHECK_EXPIRED',
    'HUMAN_CHECK_REPLAYED',
  ],
  // A challenge of the human check for a claim about to be sent (fairness/).
  'POST /api/claims/challenge': [
    'NOT_SIGNED_IN',
    'INVALID_REQUEST',
    'RATE_LIMITED',
    'CODE_INVALID',
  ],
  'GET /api/rewards': ['NOT_SIGNED_IN', 'INVALID_REQUEST'],
  'POST /api/rewards/:id/dismiss': ['NOT_SIGNED_IN', 'INVALID_REQUEST', 'REWARD_NOT_DISMISSIBLE'],
  // Unknown and used-up codes alike; the misses count toward the unknown-code lockout.
  'GET /api/claims/:code': [
    'INVALID_REQUEST',
    'CLAIM_NOT_FOUND',
    'RATE_LIMITED',
    'CODE_LOCKED_OUT',
  ],
  'GET /metrics': ['METRICS_TOKEN_REQUIRED'],
  // The operator console's: each operation documents its own (admin/operation-table.ts).
  ...operationRouteErrors(),
  'GET /api/admin/live': [
    ...OPERATOR_REFUSALS,
    'LIVE_STREAMS_PER_SESSION',
    'LIVE_STREAMS_PER_ADDRESS',
    'LIVE_STREAMS_AT_CAPACITY',
  ],
  ...partnerApiRouteErrors(),
  // A kiosk tablet's: its credential, and nothing else, opens them.
  'POST /api/kiosk/session': ['INVALID_REQUEST', 'KIOSK_CREDENTIAL_INVALID'],
  'GET /api/kiosk/live': [
    'KIOSK_CREDENTIAL_INVALID',
    'LIVE_STREAMS_PER_SESSION',
    'LIVE_STREAMS_PER_ADDRESS',
    'LIVE_STREAMS_AT_CAPACITY',
  ],
  'GET /api/live': [
    'NOT_SIGNED_IN',
    'LIVE_STREAMS_PER_SESSION',
    'LIVE_STREAMS_PER_ADDRESS',
    'LIVE_STREAMS_AT_CAPACITY',
  ],
}

/**
 * What every operation may answer with, by method: a Host the server does not serve, a fault of
 * ours, and for state-changing ones the CSRF guard and the body parser's refusals.
 */
export function sharedErrorCodes(method: string): string[] {
  const everyRequest = ['HOST_NOT_SERVED', 'INTERNAL']
  const changesState = method !== 'GET' && method !== 'HEAD'
  return changesState
    ? [
        'CROSS_ORIGIN_REFUSED',
        'JSON_REQUIRED',
        'INVALID_JSON',
        'PAYLOAD_TOO_LARGE',
        ...everyRequest,
      ]
    : everyRequest
}
