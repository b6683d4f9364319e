import type { Rejection } from '@fernwood/protocol'
import type { Queryable } from '../db/database.ts'
import {
  type NftReward,
  type NftRewardColumns,
  nftRewardColumns,
  nftRewardOf,
} from './nft-reward.ts'
import {
  type CampaignPhase,
  type CampaignStandingColumns,
  campaignStandingOf,
  codeStandingOf,
} from './standing.ts'

export type CampaignKind = 'shared' | 'unique'

/** A reward programme: what it pays, when, to how many, and how its codes work. */
export interface Campaign {
  id: number
  slug: string
  name: string
  /** shared: one code, each account once; unique: each code once in total */
  kind: CampaignKind
  /** an Antelope asset, e.g. '10.0000 FERN'; null for an NFT campaign */
  rewardQuantity: string | null
  /** the contract that pays: the token's, or AtomicAssets for an NFT */
  tokenContract: string
  /** the NFT it mints instead of a token amount */
  nft: NftReward | null
  startsAt: Date | null
  endsAt: Date | null
  totalCap: number | null
  /** the rewards its budget reserves (budgets.ts); null when it has none */
  budgetRewards: number | null
  claimedCount: number
  isWelcome: boolean
  bonusText: string | null
  closedAt: Date | null
  createdAt: Date
}

export interface NewCampaign {
  slug: string
  name: string
  kind: CampaignKind
  rewardQuantity: string | null
  tokenContract: string
  nft?: NftReward | null
  startsAt?: Date | null
  endsAt?: Date | null
  totalCap?: number | null
  budgetRewards?: number | null
  isWelcome?: boolean
  bonusText?: string | null
}

/** A campaigns row as the catalogue reads it. */
export interface CampaignRow extends NftRewardColumns {
  id: number
  slug: string
  name: string
  kind: CampaignKind
  reward_quantity: string | null
  token_contract: string
  starts_at: Date | null
  ends_at: Date | null
  total_cap: number | null
  budget_rewards: number | null
  claimed_count: number
  is_welcome: boolean
  bonus_text: string | null
  closed_at: Date | null
  created_at: Date
}

const toCampaign = (row: CampaignRow): Campaign => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  kind: row.kind,
  rewardQuantity: row.reward_quantity,
  tokenContract: row.token_contract,
  nft: nftRewardOf(row),
  startsAt: row.starts_at && new Date(row.starts_at),
  endsAt: row.ends_at && new Date(row.ends_at),
  totalCap: row.total_cap,
  budgetRewards: row.budget_rewards,
  claimedCount: row.claimed_count,
  isWelcome: row.is_welcome,
  bonusText: row.bonus_text,
  closedAt: row.closed_at && new Date(row.closed_at),
  createdAt: new Date(row.created_at),
})

export async function createCampaign(db: Queryable, campaign: NewCampaign): Promise<Campaign> {
  const [row] = await db.query<CampaignRow>(
    `INSERT INTO campaigns (slug, name, kind, reward_quantity, token_contract, starts_at, ends_at,
                            total_cap, is_welcome, bonus_text, budget_rewards, nft_collection,
                            nft_schema, nft_template_id, nft_name, nft_image, nft_pool)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
     RETURNING *`,
    [
      campaign.slug,
      campaign.name,
      campaign.kind,
      campaign.rewardQuantity,
      campaign.tokenContract,
      campaign.startsAt ?? null,
      campaign.endsAt ?? null,
      campaign.totalCap ?? null,
      campaign.isWelcome ?? false,
      campaign.bonusText ?? null,
      campaign.budgetRewards ?? null,
      ...nftRewardColumns(campaign.nft),
    ],
  )
  return toCampaign(row)
}

/** Every campaign, oldest first, with its number of codes and its phase now (standing.ts). */
export async function listCampaigns(
  db: Queryable,
): Promise<Array<Campaign & { codes: number; phase: CampaignPhase }>> {
  const rows = await db.query<CampaignRow & { codes: number; phase: CampaignPhase }>(
    `SELECT c.*, s.phase, (SELECT count(*)::int FROM codes k WHERE k.campaign_id = c.id) AS codes
       FROM campaigns c CROSS JOIN LATERAL ${campaignStandingOf('c')} s ORDER BY c.id`,
  )
  return rows.map((row) => ({ ...toCampaign(row), codes: row.codes, phase: row.phase }))
}

export async function findCampaign(db: Queryable, slug: string): Promise<Campaign | undefined> {
  const [row] = await db.query<CampaignRow>('SELECT * FROM campaigns WHERE slug = $1', [slug])
  return row && toCampaign(row)
}

/** Stops a campaign from paying new submissions; rewards already being paid still complete. */
export async function closeCampaign(db: Queryable, slug: string): Promise<Campaign | undefined> {
  const [row] = await db.query<CampaignRow>(
    'UPDATE campaigns SET closed_at = coalesce(closed_at, now()) WHERE slug = $1 RETURNING *',
    [slug],
  )
  return row && toCampaign(row)
}

/** Adds normalised codes to a campaign: one use each for unique campaigns, unlimited for shared. */
export async function addCodes(
  db: Queryable,
  campaign: Pick<Campaign, 'id' | 'kind'>,
  codes: string[],
): Promise<void> {
  await db.query(
    `INSERT INTO codes (code, campaign_id, uses_left)
     SELECT code, $2, $3 FROM unnest($1::text[]) AS code`,
    [codes, campaign.id, campaign.kind === 'unique' ? 1 : null],
  )
}

/**
 * The code stopped paying (its campaign's end, or a claim link's expiry) after the claim was made,
 * and no operator closed its campaign.
 */
function endedSinceClaim(
  campaign: { ends_at: Date | null; closed_at: Date | null },
  claimedAt: Date | undefined,
): boolean {
  if (!claimedAt || campaign.closed_at || !campaign.ends_at) return false
  return claimedAt.getTime() < new Date(campaign.ends_at).getTime()
}

/** Why the catalogue refuses a code (the protocol's, which clients word in their language). */
export type { Rejection }

/**
 * Checks codes against the catalogue, in the order given (one per reward claimed; a shared code
 * may come several times), and takes the share of each that may be paid, in the caller's
 * transaction: one of its campaign's cap and, for a unique code, its single use. Campaigns are
 * locked first, in id order, then codes in code order: concurrent workers take turns, always in
 * the same order (so they never deadlock), and no cap is ever exceeded. Four statements,
 * however many codes.
 *
 * `claimedAt`, beside each code, is when its claim was made: one made before its campaign's end
 * (or its claim link's expiry) is paid after it too (held by a review window, or a busy queue), unless an operator closed the
 * campaign.
 */
export async function redeemCodes(
  tx: Queryable,
  codes: string[],
  claimedAt: (Date | undefined)[] = [],
): Promise<({ campaignId: number } | { rejection: Rejection })[]> {
  if (codes.length === 0) return []
  const distinct = [...new Set(codes)]
  await tx.query(
    `SELECT id FROM campaigns WHERE id IN (SELECT campaign_id FROM codes WHERE code = ANY($1))
      ORDER BY id FOR UPDATE`,
    [distinct],
  )
  const rows = await tx.query<
    Pick<CampaignStandingColumns, 'remaining' | 'refusal'> & {
      code: string
      uses_left: number | null
      campaign_id: number
      ends_at: Date | null
      closed_at: Date | null
    }
  >(
    `SELECT k.code, k.uses_left, c.id AS campaign_id, s.remaining, s.refusal, s.ends_at,
            c.closed_at
       FROM codes k JOIN campaigns c ON c.id = k.campaign_id
      CROSS JOIN LATERAL ${codeStandingOf('k', 'c')} s
      WHERE k.code = ANY($1::text[])
      ORDER BY k.code
        FOR UPDATE OF k`,
    [distinct],
  )
  const found = new Map(rows.map((row) => [row.code, row]))
  const usesTaken = new Map<string, number>()
  const claimsTaken = new Map<number, number>()
  const verdicts = codes.map((code, index): { campaignId: number } | { rejection: Rejection } => {
    const row = found.get(code)
    if (!row) return { rejection: 'unknown_code' }
    // A spent campaign is refused below, by what remains, as one these codes spend is.
    if (
      row.refusal !== null &&
      row.refusal !== 'fully_claimed' &&
      !(row.refusal === 'ended' && endedSinceClaim(row, claimedAt[index]))
    ) {
      return { rejection: row.refusal }
    }
    if (row.uses_left !== null) {
      const used = usesTaken.get(code) ?? 0
      if (row.uses_left - used <= 0) return { rejection: 'fully_claimed' }
      usesTaken.set(code, used + 1)
    }
    const claimed = claimsTaken.get(row.campaign_id) ?? 0
    if (row.remaining !== null && claimed >= row.remaining) return { rejection: 'fully_claimed' }
    claimsTaken.set(row.campaign_id, claimed + 1)
    return { campaignId: row.campaign_id }
  })
  if (usesTaken.size > 0) {
    await tx.query(
      `UPDATE codes k SET uses_left = k.uses_left - u.taken
         FROM unnest($1::text[], $2::integer[]) AS u (code, taken) WHERE k.code = u.code`,
      [[...usesTaken.keys()], [...usesTaken.values()]],
    )
  }
  if (claimsTaken.size > 0) {
    await tx.query(
      `UPDATE campaigns c SET claimed_count = c.claimed_count + t.taken
         FROM unnest($1::integer[], $2::integer[]) AS t (id, taken) WHERE c.id = t.id`,
      [[...claimsTaken.keys()], [...claimsTaken.values()]],
    )
  }
  return verdicts
}
