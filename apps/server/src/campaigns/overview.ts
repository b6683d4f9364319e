import type { AdminCampaign, ClaimBucket } from '@fernwood/protocol/admin'
import { budgetShown } from '../admin/budget-input.ts'
import { AdminCampaignNotFound } from '../admin/errors.ts'
import { iso } from '../admin/operations.ts'
import { readServerSecret } from '../config/server-secret.ts'
import type { Database } from '../db/database.ts'
import { operatorCheckSecret } from '../fairness/operator-check.ts'
import type { CampaignRow } from './catalogue.ts'
import type { StoredClaimRules } from './eligibility.ts'
import { nftRewardOf, rewardWords } from './nft-reward.ts'
import { rulesAsWritten } from './rules.ts'
import { type CampaignStandingColumns, campaignStandingOf } from './standing.ts'
import { periodNameOf } from './wallet-limits.ts'

/**
 * Campaigns as operators see them (the console's list and stream, `campaigns list`, a kiosk's
 * header): each with its standing (`campaign_standing`), its codes and its claims over time.
 */

// How many minutes of claims a campaign's chart holds: a long campaign shows its latest ones.
const CHART_MINUTES = 500

interface CampaignOverviewRow
  extends Omit<CampaignRow, 'bonus_text' | 'closed_at'>,
    StoredClaimRules,
    Pick<CampaignStandingColumns, 'phase' | 'remaining'> {
  codes: number
  unused_codes: number
  human_check: AdminCampaign['humanCheck']
  grants_per_account: number | null
  once_per_asset: boolean
  check_url: string | null
  payout_delay_seconds: number
}

/** Every campaign with its counts and its claims over time, oldest campaign first. */
export async function listCampaignOverview(db: Database): Promise<AdminCampaign[]> {
  return readCampaignOverview(db)
}

/** One campaign as `listCampaignOverview` shows it. */
export async function campaignOverview(db: Database, slug: string): Promise<AdminCampaign> {
  const [campaign] = await readCampaignOverview(db, slug)
  if (!campaign) throw new AdminCampaignNotFound(slug)
  return campaign
}

/**
 * The overview is the operators' (the console's API and stream, the CLI; a kiosk shows a few of
 * its fields): it carries the signing secret of each campaign's check, for them to configure
 * their endpoint with.
 */
async function readCampaignOverview(db: Database, slug?: string): Promise<AdminCampaign[]> {
  const rows = await db.query<CampaignOverviewRow>(
    `SELECT c.id, c.slug, c.name, c.kind, c.reward_quantity, c.token_contract, c.starts_at,
            c.ends_at, c.total_cap, c.budget_rewards, c.claimed_count, c.is_welcome, c.created_at,
            c.nft_collection, c.nft_schema, c.nft_template_id, c.nft_name, c.nft_image, c.nft_pool,
            c.rules, c.claim_group, g.claims_per_wallet,
            c.human_check, c.grants_per_account, c.once_per_asset, c.check_url,
            c.payout_delay_seconds, ${periodNameOf('g')} AS period, k.codes, k.unused_codes, s.phase, s.remaining
       FROM campaigns c
      CROSS JOIN LATERAL ${campaignStandingOf('c')} s
       LEFT JOIN campaign_groups g ON g.name = c.claim_group
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS codes, coalesce(sum(uses_left), 0)::int AS unused_codes
           FROM codes WHERE campaign_id = c.id) k
      WHERE $1::text IS NULL OR c.slug = $1
      ORDER BY c.id`,
    [slug ?? null],
  )
  const buckets = await db.query<{ campaign_id: number; at: Date; claims: number }>(
    `SELECT campaign_id, at, claims FROM (
       SELECT campaign_id, date_trunc('minute', created_at) AS at, count(*)::int AS claims,
              row_number() OVER (PARTITION BY campaign_id
                                 ORDER BY date_trunc('minute', created_at) DESC) AS newest
         FROM rewards
        WHERE campaign_id = ANY($1::int[]) AND status <> 'rejected'
        GROUP BY campaign_id, date_trunc('minute', created_at)) minutes
      WHERE newest <= $2
      ORDER BY campaign_id, at`,
    [rows.map((row) => row.id), CHART_MINUTES],
  )
  const claims = new Map<number, ClaimBucket[]>()
  for (const bucket of buckets) {
    const series = claims.get(bucket.campaign_id) ?? []
    series.push({ at: new Date(bucket.at).toISOString(), claims: bucket.claims })
    claims.set(bucket.campaign_id, series)
  }
  const serverSecret = rows.some((row) => row.check_url !== null)
    ? await readServerSecret(db)
    : undefined
  return rows.map((row) => {
    // A unique campaign pays no more claims than it has unused codes, however much remains.
    const limits = [
      ...(row.remaining === null ? [] : [row.remaining]),
      ...(row.kind === 'unique' ? [row.unused_codes] : []),
    ]
    const nft = nftRewardOf(row)
    return {
      slug: row.slug,
      name: row.name,
      kind: row.kind,
      reward: rewardWords(row.reward_quantity, nft),
      nft,
      nftSource: nft === null ? null : nft.pool ? 'pool' : 'mint',
      tokenContract: row.token_contract,
      startsAt: iso(row.starts_at),
      endsAt: iso(row.ends_at),
      cap: row.total_cap,
      budget: budgetShown(row.budget_rewards, row.reward_quantity),
      claimed: row.claimed_count,
      remaining: limits.length === 0 ? null : Math.min(...limits),
      codes: row.codes,
      state: row.phase,
      welcome: row.is_welcome,
      rules: rulesAsWritten(row),
      humanCheck: row.human_check,
      grantsPerAccount: row.grants_per_account,
      oncePerAsset: row.once_per_asset,
      checkUrl: row.check_url,
      ...(serverSecret &&
        row.check_url !== null && { checkSecret: operatorCheckSecret(serverSecret, row.id) }),
      payoutDelay: row.payout_delay_seconds,
      createdAt: new Date(row.created_at).toISOString(),
      claimsOverTime: claims.get(row.id) ?? [],
    }
  })
}
