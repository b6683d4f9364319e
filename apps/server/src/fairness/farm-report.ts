import { AdminCampaignNotFound } from '../admin/errors.ts'
import type { Queryable } from '../db/database.ts'
import type { RewardStatus } from '../rewards/reward-state.ts'

/** One claim of a cluster: whose, which reward, and where it stands now. */
export interface ClusterClaim {
  account: string
  rewardId: string
  status: RewardStatus
  claimedAt: Date
}

/** Accounts that claimed the campaign from one network. */
export interface AddressCluster {
  /** IPv4 /24 or IPv6 /64, as the human check counts them (address-prefix.ts) */
  addressPrefix: string
  /** distinct accounts among `claims` */
  accounts: number
  /** oldest first */
  claims: ClusterClaim[]
}

/** A campaign's farm report: what `claims farm-report --campaign <slug>` and the console show. */
export interface FarmReport {
  campaign: string
  /** networks at least `minAccounts` accounts claimed from, the most accounts first */
  sameAddress: AddressCluster[]
}

/**
 * The clusters among the accounts that claimed a campaign, for its operator to review (and, in a
 * review window, reject: review.ts). So far by network: accounts whose accepted claims came from
 * one IPv4 /24 or IPv6 /64, as submit_reward keeps it on each claim it accepts, at least
 * `minAccounts` of them. One read of the campaign's claims, through its codes.
 */
export async function farmReport(
  db: Queryable,
  campaignSlug: string,
  options: { minAccounts?: number } = {},
): Promise<FarmReport> {
  const minAccounts = options.minAccounts ?? 2
  const [campaign] = await db.query<{ id: number }>('SELECT id FROM campaigns WHERE slug = $1', [
    campaignSlug,
  ])
  if (!campaign) throw new AdminCampaignNotFound(campaignSlug)
  const rows = await db.query<{
    address_prefix: string
    wax_account: string
    id: string
    status: RewardStatus
    created_at: Date
  }>(
    `WITH claims AS (
       SELECT r.address_prefix, r.wax_account, r.id, r.status, r.created_at
         FROM codes k JOIN rewards r ON r.code = k.code
        WHERE k.campaign_id = $1 AND r.address_prefix IS NOT NULL)
     SELECT address_prefix, wax_account, id::text, status, created_at FROM claims
      WHERE address_prefix IN (
        SELECT address_prefix FROM claims
         GROUP BY address_prefix HAVING count(DISTINCT wax_account) >= $2)
      ORDER BY address_prefix, created_at, id`,
    [campaign.id, minAccounts],
  )
  const clusters = new Map<string, ClusterClaim[]>()
  for (const row of rows) {
    const claims = clusters.get(row.address_prefix) ?? []
    claims.push({
      account: row.wax_account,
      rewardId: row.id,
      status: row.status,
      claimedAt: new Date(row.created_at),
    })
    clusters.set(row.address_prefix, claims)
  }
  const sameAddress = [...clusters].map(([addressPrefix, claims]) => ({
    addressPrefix,
    accounts: new Set(claims.map((claim) => claim.account)).size,
    claims,
  }))
  sameAddress.sort(
    (a, b) => b.accounts - a.accounts || (a.addressPrefix < b.addressPrefix ? -1 : 1),
  )
  return { campaign: campaignSlug, sameAddress }
}
