import { REJECTION_REASONS } from '@fernwood/protocol'
import type { Database } from '../db/database.ts'
import { type BatchLimits, statementBatches } from '../db/statement-batches.ts'
import { errorBody } from '../http/errors-render.ts'
import type { EligibilityCheck } from '../rewards/submit-codes.ts'
import { GRANT_REFUSED_STATUS, GrantsPerAccountReached } from './errors.ts'
import type { IdempotentRequest, KeyOutcome } from './idempotency.ts'

/** One call of make_grant: the key's request, what it grants, and the chain's check if made. */
export interface GrantCall {
  request: IdempotentRequest
  campaignId: number
  account: string
  reference: string | null
  checked: EligibilityCheck | null
}

/** make_grant's answer: the key's outcome, or the campaign whose rules must be checked first. */
export type GrantOutcome = KeyOutcome & { eligibility_required: number | null }

// Every refusal a grant may be answered with, by the code the database knows it by, worded by
// the error catalogue: make_grant stores the one it meets as the key's answer.
const perAccount = new GrantsPerAccountReached()
const REFUSALS = JSON.stringify(
  Object.fromEntries([
    ...Object.entries(REJECTION_REASONS).map(([code, message]) => [
      code,
      { status: GRANT_REFUSED_STATUS, body: errorBody(code, message) },
    ]),
    [
      perAccount.code,
      {
        status: perAccount.statusCode ?? GRANT_REFUSED_STATUS,
        body: errorBody(perAccount.code, perAccount.message),
      },
    ],
  ]),
)
const REJECTION_REASONS_JSON = JSON.stringify(REJECTION_REASONS)

/**
 * Grants sent to the database in batches (`statementBatches`), one `make_grants` call each, where
 * each is made as if sent alone, in order. Sixteen a batch at most, as each takes two of the
 * subtransactions a backend keeps in its cache (64); one batch with the database at a time, as a
 * grant is mostly the database's work: with two, batches were smaller and PostgreSQL granted
 * 7–10% fewer a second (bench/grants.ts).
 */
export function createGrantBatches(
  database: Database,
  leaseSeconds: number,
  limits: Partial<Pick<BatchLimits, 'inFlight'>> = {},
): (call: GrantCall) => Promise<GrantOutcome> {
  return statementBatches<GrantCall, GrantOutcome>(
    database,
    async (calls) => {
      const [{ results }] = await database.query<{
        results: Array<GrantOutcome | { failed: string }>
      }>(
        'SELECT make_grants($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) AS results',
        [
          calls.map(({ request }) => request.apiKeyId),
          calls.map(({ request }) => request.key),
          calls.map(({ request }) => request.requestHash),
          calls.map(({ request }) => request.lockToken),
          leaseSeconds,
          calls.map(({ campaignId }) => campaignId),
          calls.map(({ account }) => account),
          calls.map(({ reference }) => reference),
          REJECTION_REASONS_JSON,
          REFUSALS,
          calls.some(({ checked }) => checked)
            ? JSON.stringify(calls.map(({ checked }) => checked))
            : null,
        ],
        { preparedAs: 'make_grants' },
      )
      return results.map((answer) =>
        'failed' in answer
          ? new Error(`the database refused the grant (${answer.failed})`)
          : answer,
      )
    },
    { size: 16, inFlight: 1, ...limits },
  )
}
