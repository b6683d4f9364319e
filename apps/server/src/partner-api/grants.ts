import { randomUUID } from 'node:crypto'
import { checkEligibility } from '../campaigns/eligibility.ts'
import { type AccountHoldings, HoldingsUnavailable } from '../chain/account-holdings.ts'
import type { Database, Queryable } from '../db/database.ts'
import { retryAfter } from '../http/errors.ts'
import { EligibilityUnavailable } from '../rewards/errors.ts'
import type { EligibilityCheck } from '../rewards/submit-codes.ts'
import type { GrantCall, GrantOutcome } from './grant-batches.ts'
import {
  answerOf,
  giveBackKey,
  type IdempotentAnswer,
  type IdempotentRequest,
  requestHashOf,
} from './idempotency.ts'
import type { Grant, GrantRequest } from './schemas.ts'

/**
 * A grant: a campaign's reward for an account, asked for by a partner's key rather than claimed
 * with a code. It is a reward row like any claim's, of a code of its own (single-use, made for
 * it), so the same catalogue, rules, limits, budgets and exactly-once payout apply: the code is
 * submitted through `submit_reward` as a visitor's would be, and the worker pays it. Only the
 * visitors' own checks (their session, address limits, lockout, proof of work) do not apply.
 * The database makes it, with its Idempotency-Key's answer, in one statement (make_grant), with
 * the other grants arriving meanwhile (grant-batches.ts).
 */

// A node's hiccup usually passes within seconds; the cached answers make the retry cheap.
const ELIGIBILITY_RETRY_SECONDS = 5

/** A grant as its route asks for it: the request, the key asking, and its Idempotency-Key. */
export interface GrantOrder extends GrantRequest {
  apiKeyId: string
  campaignId: number
  idempotencyKey: string
}

/**
 * Makes the grant once per Idempotency-Key, through `grant` (a batch's make_grant): for a campaign
 * without chain rules, in one call. One with chain rules answers that they must be checked first,
 * the key leased to this request meanwhile: the chain is read here, outside any transaction, and
 * the grant asked again with the check, as a code claim is (rewards/eligible-submissions.ts).
 */
export async function makeGrant(
  database: Database,
  holdings: AccountHoldings,
  grant: (call: GrantCall) => Promise<GrantOutcome>,
  order: GrantOrder,
): Promise<IdempotentAnswer> {
  const request: IdempotentRequest = {
    apiKeyId: order.apiKeyId,
    key: order.idempotencyKey,
    requestHash: requestHashOf('POST /grants', [
      order.campaign,
      order.account,
      order.reference ?? null,
    ]),
    lockToken: randomUUID(),
  }
  const grantChecked = (checked: EligibilityCheck | null) =>
    grant({
      request,
      campaignId: order.campaignId,
      account: order.account,
      reference: order.reference ?? null,
      checked,
    })
  const first = await grantChecked(null)
  if (first.eligibility_required === null) return answerOf(first)
  try {
    const checked = await chainRulesCheck(
      database,
      holdings,
      first.eligibility_required,
      order.account,
    )
    const second = await grantChecked(checked)
    // The campaign changed its rules between the two (an operator's edit): a retry checks anew.
    if (second.eligibility_required !== null) {
      throw retryAfter(new EligibilityUnavailable(), ELIGIBILITY_RETRY_SECONDS)
    }
    return answerOf(second)
  } catch (error) {
    await giveBackKey(database, request)
    throw error
  }
}

/**
 * Checks `account` against the campaign's rules where the chain answers part of them, as a code
 * claim is checked (rewards/eligible-submissions.ts), for the grant's second call.
 */
export async function chainRulesCheck(
  db: Queryable,
  holdings: AccountHoldings,
  campaignId: number,
  account: string,
): Promise<EligibilityCheck> {
  try {
    // Checked, with nothing failed, even without chain rules: a campaign's own check URL is
    // asked of visitors' claims, not of grants its operator's partner makes with a key (nor is
    // there a code to send it), and submit_reward waits for a check whenever it has that URL.
    const { failed, assets } = await checkEligibility(db, holdings, campaignId, account)
    return { campaign: campaignId, failed, ...(assets && { assets }) }
  } catch (error) {
    if (error instanceof HoldingsUnavailable) {
      throw retryAfter(new EligibilityUnavailable(), ELIGIBILITY_RETRY_SECONDS)
    }
    throw error
  }
}

/**
 * Grants of `campaignIds` (a key's), by id, or by reference a page at a time in the order they
 * were made; `last` is the place of the last one, where the next page starts (`after`). Each is
 * shaped by grant_shape, as its first answer was.
 */
export async function readGrants(
  db: Queryable,
  filter: {
    campaignIds: number[]
    ids?: string[]
    reference?: string
    after?: string
    limit?: number
  },
): Promise<{ grants: Grant[]; last: string | null }> {
  const rows = await db.query<{ grant: Grant; position: string }>(
    // The position: created_at to the microsecond, and the id, exactly the list's order.
    `SELECT grant_shape(g.reward_id) AS grant,
            g.created_at::text || '|' || g.reward_id AS position
       FROM grants g
      WHERE g.campaign_id = ANY($1::integer[])
        AND ($2::uuid[] IS NULL OR g.reward_id = ANY($2::uuid[]))
        AND ($3::text IS NULL OR g.reference = $3)
        AND ($4::text IS NULL
             OR (g.created_at, g.reward_id)
                > (split_part($4, '|', 1)::timestamptz, split_part($4, '|', 2)::uuid))
      ORDER BY g.created_at, g.reward_id
      LIMIT $5`,
    [
      filter.campaignIds,
      filter.ids ?? null,
      filter.reference ?? null,
      filter.after ?? null,
      filter.limit ?? null,
    ],
  )
  return { grants: rows.map((row) => row.grant), last: rows.at(-1)?.position ?? null }
}
