/**
 * The refusals each operation answers with beyond those every operation of its kind shares
 * (see `sharedErrorCodes`), by error code. `openapi.test.ts` checks that every code is in the
 * catalogue and every catalogued code is documented somewhere.
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
  ...adminRouteErrors(),
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

/** The operator console's routes: each refuses whoever is not a verified operator. */
function adminRouteErrors(): Record<string, string[]> {
  const refusals = [
    'NOT_SIGNED_IN',
    'ADMIN_WALLET_REQUIRED',
    'ADMIN_WALLET_UNVERIFIED',
    'ADMIN_NOT_OPERATOR',
  ]
  const campaignFields = [
    'ADMIN_SLUG_INVALID',
    'ADMIN_SLUG_TAKEN',
    'ADMIN_NAME_INVALID',
    'ADMIN_REWARD_INVALID',
    'ADMIN_CONTRACT_INVALID',
    'ADMIN_TIME_INVALID',
    'ADMIN_WINDOW_INVALID',
    'ADMIN_CAP_INVALID',
    'ADMIN_CODE_INVALID',
    'ADMIN_UNIQUE_CODE_GIVEN',
    'ADMIN_CODE_TAKEN',
    'ADMIN_BUDGET_INVALID',
    'ADMIN_BUDGET_NOT_WHOLE_REWARDS',
  ]
  // A campaign's claim rules, set at its creation and changed by an edit.
  const ruleFields = [
    'ADMIN_ALLOWLIST_INVALID',
    'ADMIN_MIN_BALANCE_INVALID',
    'ADMIN_HOLDS_NFT_INVALID',
    'ADMIN_ACCOUNT_AGE_INVALID',
    'ADMIN_GROUP_INVALID',
    'ADMIN_PER_WALLET_INVALID',
  ]
  // A template named for an NFT campaign, read on chain.
  const nftTemplate = ['ADMIN_NFT_INVALID', 'ADMIN_NFT_TEMPLATE_UNKNOWN', 'ADMIN_CHAIN_UNAVAILABLE']
  return {
    'GET /api/admin/operator': refusals,
    'GET /api/admin/campaigns': refusals,
    'POST /api/admin/campaigns': [
      ...refusals,
      'INVALID_REQUEST',
      ...campaignFields,
      ...ruleFields,
      ...nftTemplate,
      'ADMIN_NFT_NOT_MINTER',
      'ADMIN_NFT_SCHEMA_UNTIED',
      'ADMIN_NFT_POOL_INVALID',
      'ADMIN_NFT_POOL_TEMPLATE_UNKNOWN',
      'ADMIN_NFT_POOL_EMPTY',
    ],
    'GET /api/admin/nft-template': [...refusals, 'INVALID_REQUEST', ...nftTemplate],
    'POST /api/admin/campaigns/:slug/close': [
      ...refusals,
      'INVALID_REQUEST',
      'ADMIN_CAMPAIGN_NOT_FOUND',
      'ADMIN_CAMPAIGN_WELCOME',
      'ADMIN_CAMPAIGN_CLOSED',
    ],
    'POST /api/admin/campaigns/:slug/reopen': [
      ...refusals,
      'INVALID_REQUEST',
      'ADMIN_CAMPAIGN_NOT_FOUND',
      'ADMIN_CAMPAIGN_NOT_CLOSED',
      'ADMIN_CAMPAIGN_WINDOW_OVER',
    ],
    'POST /api/admin/campaigns/:slug/codes': [
      ...refusals,
      'INVALID_REQUEST',
      'ADMIN_CAMPAIGN_NOT_FOUND',
      'ADMIN_CAMPAIGN_SHARED',
      'ADMIN_CODE_COUNT_INVALID',
      'ADMIN_GENERATIONS_BUSY',
    ],
    'GET /api/admin/generations': refusals,
    'GET /api/admin/generations/:id': [
      ...refusals,
      'INVALID_REQUEST',
      'ADMIN_GENERATION_NOT_FOUND',
    ],
    'GET /api/admin/generations/:id/codes.csv': [
      ...refusals,
      'INVALID_REQUEST',
      'ADMIN_GENERATION_NOT_FOUND',
      'ADMIN_GENERATION_RUNNING',
    ],
    'GET /api/admin/generations/:id/sheet.html': [
      ...refusals,
      'INVALID_REQUEST',
      'ADMIN_GENERATION_NOT_FOUND',
      'ADMIN_GENERATION_RUNNING',
    ],
    'GET /api/admin/payouts': refusals,
    'POST /api/admin/payouts/:rewardId/retry': [
      ...refusals,
      'INVALID_REQUEST',
      'ADMIN_REWARD_NOT_WAITING',
    ],
    'GET /api/admin/live': [
      ...refusals,
      'LIVE_STREAMS_PER_SESSION',
      'LIVE_STREAMS_PER_ADDRESS',
      'LIVE_STREAMS_AT_CAPACITY',
    ],
    'POST /api/admin/campaigns/:slug/edit': [
      ...refusals,
      'INVALID_REQUEST',
      'ADMIN_CAMPAIGN_NOT_FOUND',
      'ADMIN_CAMPAIGN_WELCOME_EDIT',
      'ADMIN_EDIT_EMPTY',
      'ADMIN_TIME_INVALID',
      'ADMIN_WINDOW_INVALID',
      'ADMIN_CAP_INVALID',
      'ADMIN_CAP_BELOW_CLAIMED',
      ...ruleFields,
      'ADMIN_CAMPAIGN_NOT_CLOSED',
      'ADMIN_CAMPAIGN_WINDOW_OVER',
    ],
    'GET /api/admin/campaigns/:slug/claims.csv': [
      ...refusals,
      'INVALID_REQUEST',
      'ADMIN_CAMPAIGN_NOT_FOUND',
    ],
    'POST /api/admin/campaigns/:slug/kiosk-credentials': [
      ...refusals,
      'INVALID_REQUEST',
      'ADMIN_CAMPAIGN_NOT_FOUND',
      'ADMIN_CAMPAIGN_SHARED',
      'ADMIN_KIOSK_HOURS_INVALID',
    ],
    'GET /api/admin/kiosk-credentials': refusals,
    'DELETE /api/admin/kiosk-credentials/:id': [
      ...refusals,
      'INVALID_REQUEST',
      'ADMIN_KIOSK_CREDENTIAL_NOT_FOUND',
    ],
  }
}
