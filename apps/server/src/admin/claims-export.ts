import { findCampaign } from '../campaigns/catalogue.ts'
import { rewardWords } from '../campaigns/nft-reward.ts'
import type { Queryable } from '../db/database.ts'
import { csvLine } from './csv.ts'
import { AdminCampaignNotFound } from './errors.ts'
import { iso } from './operations.ts'

/** The export's columns, its first line. */
const HEADER = [
  'account',
  'code',
  'status',
  'reward',
  'asset_id',
  'reason',
  'transaction_id',
  'claimed_at',
  'updated_at',
  'completed_at',
]

interface ClaimRow {
  id: string
  /** created_at as PostgreSQL prints it: a Date would drop its microseconds, and the page's place */
  position: string
  wax_account: string
  code: string
  status: string
  /** the NFT minted for the claim, once found; null for a token reward */
  asset_id: string | null
  reason: string | null
  transaction_id: string | null
  created_at: Date
  updated_at: Date
  completed_at: Date | null
}

/**
 * A campaign's claims as CSV, a page of lines at a time (each line ending in a line break), the
 * header first: one line per reward a worker
 * took up for the campaign, in the order they came, with the transaction that paid it (or the
 * latest one tried). `reward` says what the campaign pays, as the CLI does; an NFT campaign's
 * claims name the asset minted in `asset_id` once it is found. Read `pageSize` rewards at a time, each page after the last one's place:
 * however many claims, no more than a page is held, and a claim made meanwhile is not skipped.
 * Throws AdminCampaignNotFound before the first line, so a route can still answer 404.
 */
export async function campaignClaimsCsv(
  db: Queryable,
  slug: string,
  pageSize: number,
): Promise<AsyncGenerator<string>> {
  const campaign = await findCampaign(db, slug)
  if (!campaign) throw new AdminCampaignNotFound(slug)
  return pagesOf(db, campaign.id, rewardWords(campaign.rewardQuantity, campaign.nft), pageSize)
}

async function* pagesOf(db: Queryable, campaignId: number, reward: string, pageSize: number) {
  yield `${csvLine(HEADER)}\n`
  // Before every claim; then after the last one sent. One condition the index answers on each
  // page (an `IS NULL OR` for the first page made the planner read every claim every time).
  let after = { position: '-infinity', id: '00000000-0000-0000-0000-000000000000' }
  for (;;) {
    const rows: ClaimRow[] = await db.query<ClaimRow>(
      // The page of claims first, read in the index's order, and only then what paid each: joined
      // before the limit, a planner without fresh statistics joined every claim on each page.
      `SELECT r.id, r.created_at::text AS position, r.wax_account, r.code, r.status, r.reason,
              h.asset_id,
              coalesce(h.transaction_id, p.transaction_id) AS transaction_id,
              r.created_at, r.updated_at, h."timestamp" AS completed_at
         FROM (SELECT * FROM rewards
                WHERE campaign_id = $1 AND (created_at, id) > ($2::timestamptz, $3::uuid)
                ORDER BY created_at, id
                LIMIT $4) r
         LEFT JOIN reward_history h ON h.reward_id = r.id
         LEFT JOIN LATERAL (
           SELECT transaction_id FROM payouts WHERE reward_id = r.id ORDER BY created_at DESC LIMIT 1
         ) p ON true
        ORDER BY r.created_at, r.id`,
      [campaignId, after.position, after.id, pageSize],
    )
    if (rows.length === 0) return
    yield rows
      .map(
        (row) =>
          `${csvLine([
            row.wax_account,
            row.code,
            row.status,
            reward,
            row.asset_id,
            row.reason,
            row.transaction_id,
            iso(row.created_at),
            iso(row.updated_at),
            iso(row.completed_at),
          ])}\n`,
      )
      .join('')
    if (rows.length < pageSize) return
    const last = rows[rows.length - 1]
    after = { position: last.position, id: last.id }
  }
}
