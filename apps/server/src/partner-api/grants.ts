import { randomBytes } from 'node:crypto'
import { REJECTION_REASONS, type Rejection } from '@fernwood/protocol'
import { splitQuantity } from '../campaigns/codes.ts'
import { failedChainRule, readChainRules } from '../campaigns/eligibility.ts'
import { type NftRewardColumns, nftRewardOf } from '../campaigns/nft-reward.ts'
import { qualifyingAssetsOf } from '../campaigns/once-per-asset.ts'
import { type AccountHoldings, HoldingsUnavailable } from '../chain/account-holdings.ts'
import type { Queryable } from '../db/database.ts'
import { retryAfter } from '../http/errors.ts'
import { errorBody } from '../http/errors-render.ts'
import { EligibilityUnavailable } from '../rewards/errors.ts'
import type { EligibilityCheck } from '../rewards/submit-codes.ts'
import { GRANT_REFUSED_STATUS, GrantsPerAccountReached } from './errors.ts'
import { FinalRefusal, type StoredAnswer } from './idempotency.ts'
import type { Grant, GrantRequest } from './schemas.ts'

/**
 * A grant: a campaign's reward for an account, asked for by a partner's key rather than claimed
 * with a code. It is a reward row like any claim's, of a code of its own (single-use, made for
 * it), so the same catalogue, rules, limits, budgets and exactly-once payout apply: the code is
 * submitted through `submit_reward` as a visitor's would be, and the worker pays it. Only the
 * visitors' own checks (their session, address limits, lockout, proof of work) do not apply.
 */

// A node's hiccup usually passes within seconds; the cached answers make the retry cheap.
const ELIGIBILITY_RETRY_SECONDS = 5

/** Checks `account` against the campaign's chain rules, when it has some, before the grant. */
export async function chainRulesCheck(
  db: Queryable,
  holdings: AccountHoldings,
  campaignId: number,
  account: string,
): Promise<EligibilityCheck | null> {
  const rules = await readChainRules(db, campaignId)
  // Checked, with nothing failed, even without rules: a campaign's own check URL is asked of
  // visitors' claims, not of grants its operator's partner makes with a key (nor is there a
  // code to send it), and submit_reward waits for a check whenever the campaign has that URL.
  if (rules.length === 0) return { campaign: campaignId, failed: null }
  try {
    const failed = (await failedChainRule(holdings, rules, account)) ?? null
    // A campaign counting each NFT once is given the assets that may qualify the grant.
    const assets = failed ? undefined : await qualifyingAssetsOf(db, holdings, campaignId, account)
    return { campaign: campaignId, failed, ...(assets && { assets }) }
  } catch (error) {
    if (error instanceof HoldingsUnavailable) {
      throw retryAfter(new EligibilityUnavailable(), ELIGIBILITY_RETRY_SECONDS)
    }
    throw error
  }
}

/**
 * Makes the grant in `tx`: its answer (201 and the grant), or a `FinalRefusal` with the claim's
 * refusal, which rolls it back. Grants of one account take turns (the wallet's submission turn,
 * which its claims take too), so `grants_per_account` is never exceeded.
 */
export async function makeGrant(
  tx: Queryable,
  grant: GrantRequest & { apiKeyId: string; campaignId: number; checked: EligibilityCheck | null },
): Promise<StoredAnswer> {
  await tx.query("SELECT pg_advisory_xact_lock(submission_turn_key('wallet', $1))", [grant.account])
  const [allowance] = await tx.query<{ grants_per_account: number | null; granted: number }>(
    // Counted only under a limit: an account may hold thousands of a game's unlimited grants.
    `SELECT c.grants_per_account,
            CASE WHEN c.grants_per_account IS NULL THEN 0
                 ELSE (SELECT count(*)::int FROM grants g JOIN rewards r ON r.id = g.reward_id
                        WHERE g.campaign_id = c.id AND g.wax_account = $2
                          AND r.status <> 'rejected') END AS granted
       FROM campaigns c WHERE c.id = $1`,
    [grant.campaignId, grant.account],
  )
  if (allowance.grants_per_account !== null && allowance.granted >= allowance.grants_per_account) {
    const { code, message, statusCode } = new GrantsPerAccountReached()
    throw new FinalRefusal({
      status: statusCode ?? GRANT_REFUSED_STATUS,
      body: errorBody(code, message),
    })
  }
  const code = `grant-${randomBytes(16).toString('hex')}`
  await tx.query('INSERT INTO codes (code, campaign_id, uses_left) VALUES ($1, $2, 1)', [
    code,
    grant.campaignId,
  ])
  const [submitted] = await tx.query<{
    reward_id: string | null
    status: string | null
    rejection: Rejection | null
    eligibility_required: number | null
  }>(
    `SELECT reward_id, status, rejection, eligibility_required
       FROM submit_reward($1, $2, NULL, NULL, NULL, $3, $4)`,
    [code, grant.account, JSON.stringify(REJECTION_REASONS), JSON.stringify(grant.checked)],
  )
  // The campaign gained chain rules since they were checked: the retry checks them.
  if (submitted.eligibility_required !== null) {
    throw retryAfter(new EligibilityUnavailable(), ELIGIBILITY_RETRY_SECONDS)
  }
  if (!submitted.reward_id) throw new Error('a grant’s fresh code was held already')
  if (submitted.rejection) {
    throw new FinalRefusal({
      status: GRANT_REFUSED_STATUS,
      body: errorBody(submitted.rejection, REJECTION_REASONS[submitted.rejection]),
    })
  }
  await tx.query(
    `INSERT INTO grants (reward_id, api_key_id, campaign_id, wax_account, reference)
     VALUES ($1, $2, $3, $4, $5)`,
    [submitted.reward_id, grant.apiKeyId, grant.campaignId, grant.account, grant.reference ?? null],
  )
  const { grants } = await readGrants(tx, {
    ids: [submitted.reward_id],
    campaignIds: [grant.campaignId],
  })
  return { status: 201, body: { grant: grants[0] } }
}

interface GrantRow extends NftRewardColumns {
  id: string
  slug: string
  wax_account: string
  reference: string | null
  status: Grant['status']
  rejection: Rejection | null
  reward_quantity: string | null
  transaction_id: string | null
  created_at: Date
  updated_at: Date
  /** its place in the order, exactly: created_at to the microsecond, and its id */
  position: string
}

const toGrant = (row: GrantRow): Grant => {
  const nft = nftRewardOf(row)
  return {
    id: row.id,
    campaign: row.slug,
    account: row.wax_account,
    reference: row.reference,
    status: row.status,
    ...(row.rejection && { rejection: row.rejection }),
    reward: row.reward_quantity ? splitQuantity(row.reward_quantity) : null,
    ...(nft && { nft }),
    transactionId: row.transaction_id,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}

/**
 * Grants of `campaignIds` (a key's), by id, or by reference a page at a time in the order they
 * were made; `last` is the place of the last one, where the next page starts (`after`).
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
  const rows = await db.query<GrantRow>(
    `SELECT g.reward_id AS id, c.slug, g.wax_account, g.reference, r.status, r.rejection,
            c.reward_quantity, c.nft_collection, c.nft_schema, c.nft_template_id, c.nft_name,
            c.nft_image, c.nft_pool,
            coalesce(h.transaction_id, reward_shape(r)->>'transactionId') AS transaction_id,
            g.created_at, r.updated_at, g.created_at::text || '|' || g.reward_id AS position
       FROM grants g
       JOIN rewards r ON r.id = g.reward_id
       JOIN campaigns c ON c.id = g.campaign_id
       LEFT JOIN reward_history h ON h.reward_id = r.id
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
  return { grants: rows.map(toGrant), last: rows.at(-1)?.position ?? null }
}
