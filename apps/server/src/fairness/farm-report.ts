import { AdminCampaignNotFound } from '../admin/errors.ts'
import { campaignIdBySlug, claimOnCampaign } from '../campaigns/references.ts'
import type { AccountOriginSource } from '../chain/account-origins.ts'
import type { Queryable } from '../db/database.ts'
import type { RewardStatus } from '../rewards/reward-state.ts'
import {
  type ClaimantOrigin,
  ORIGIN_READ_LIMITS,
  type OriginReadLimits,
  originsOfClaimants,
} from './claimant-origins.ts'

/** One claim of a cluster: whose, which reward, and where it stands now. */
export interface ClusterClaim {
  account: string
  rewardId: string
  status: RewardStatus
  claimedAt: Date
}

/** Accounts of one cluster: how many, and their claims of the campaign, oldest first. */
interface Cluster {
  /** distinct accounts among `claims` */
  accounts: number
  claims: ClusterClaim[]
}

/** Accounts that claimed the campaign from one network. */
export interface AddressCluster extends Cluster {
  /** IPv4 /24 or IPv6 /64, as the human check counts them (address-prefix.ts) */
  addressPrefix: string
}

/** Accounts one account created. */
export interface CreatorCluster extends Cluster {
  creator: string
}

/** Accounts all created within the report's window of the first of them. */
export interface CreationCluster extends Cluster {
  /** when the first and the last of them were created */
  from: Date
  to: Date
}

/** Accounts whose first tokens came from one account. */
export interface FunderCluster extends Cluster {
  funder: string
}

/** How much of the claimants' origins the report knew. */
export interface OriginCoverage {
  /** distinct accounts that claimed the campaign */
  accounts: number
  /** whose creation is known (read now, or kept from an earlier read) */
  known: number
  /** the history source did not answer for them, in full or in part: out of what it did not say */
  unavailable: string[]
  /** not read yet, past this report's limit: the next report reads them */
  deferred: number
  /** accounts one report reads from the history source at most */
  readLimit: number
}

/** A campaign's farm report: what `claims farm-report --campaign <slug>` and the console show. */
export interface FarmReport {
  campaign: string
  /** the window of `createdTogether` */
  createdWithinSeconds: number
  /** each kind's clusters hold at least `minAccounts` accounts, the most accounts first */
  sameAddress: AddressCluster[]
  sameCreator: CreatorCluster[]
  createdTogether: CreationCluster[]
  sameFunder: FunderCluster[]
  /** null when the deployment has no history source (WAX without HISTORY_API_URL) */
  origins: OriginCoverage | null
}

export interface FarmReportOptions {
  /** the fewest accounts a cluster holds (2) */
  minAccounts?: number
  /** accounts created within this many seconds of a cluster's first are created together (600) */
  createdWithinSeconds?: number
  /** where accounts' origins are read; without one, only networks are clustered */
  origins?: AccountOriginSource | null
  originLimits?: OriginReadLimits
}

export const CREATED_WITHIN_SECONDS = 600

interface ClaimRow {
  address_prefix: string | null
  wax_account: string
  id: string
  status: RewardStatus
  created_at: Date
}

/**
 * The clusters among the accounts that claimed a campaign, for its operator to review (and, in a
 * review window, reject: review.ts): accounts that claimed from one network (IPv4 /24 or IPv6
 * /64, as submit_reward keeps it on each claim it accepts), created by one account, created close
 * together, or first funded by one account (claimant-origins.ts reads those from the history
 * source, within its limits). One read of the campaign's claims, through its codes.
 */
export async function farmReport(
  db: Queryable,
  campaignSlug: string,
  options: FarmReportOptions = {},
): Promise<FarmReport> {
  const minAccounts = options.minAccounts ?? 2
  const createdWithinSeconds = options.createdWithinSeconds ?? CREATED_WITHIN_SECONDS
  const campaignId = await campaignIdBySlug(db, campaignSlug)
  if (campaignId === undefined) throw new AdminCampaignNotFound(campaignSlug)
  const rows = await db.query<ClaimRow>(
    `SELECT r.address_prefix, r.wax_account, r.id::text, r.status, r.created_at
       FROM rewards r
      WHERE ${claimOnCampaign('r', '$1')}
      ORDER BY r.created_at, r.id`,
    [campaignId],
  )
  const claims = rows.map((row) => ({
    account: row.wax_account,
    rewardId: row.id,
    status: row.status,
    claimedAt: new Date(row.created_at),
  }))
  const claimsOf = new Map<string, ClusterClaim[]>()
  const add = (groups: Map<string, ClusterClaim[]>, key: string, claim: ClusterClaim) => {
    const group = groups.get(key)
    if (group) group.push(claim)
    else groups.set(key, [claim])
  }
  for (const claim of claims) add(claimsOf, claim.account, claim)
  const byKey = <Key extends string>(name: Key, keyOf: (row: ClaimRow) => string | null) => {
    const groups = new Map<string, ClusterClaim[]>()
    rows.forEach((row, index) => {
      const key = keyOf(row)
      if (key !== null) add(groups, key, claims[index])
    })
    return [...groups]
      .map(
        ([key, grouped]) =>
          ({ [name]: key, ...clusterOf(grouped) }) as Record<Key, string> & Cluster,
      )
      .filter((cluster) => cluster.accounts >= minAccounts)
      .sort((a, b) => b.accounts - a.accounts || (a[name] < b[name] ? -1 : 1))
  }

  const report: FarmReport = {
    campaign: campaignSlug,
    createdWithinSeconds,
    sameAddress: byKey('addressPrefix', (row) => row.address_prefix),
    sameCreator: [],
    createdTogether: [],
    sameFunder: [],
    origins: null,
  }
  if (!options.origins) return report

  const limits = options.originLimits ?? ORIGIN_READ_LIMITS
  const { known, unavailable, deferred } = await originsOfClaimants(
    db,
    options.origins,
    urgentFirst(claimsOf),
    limits,
  )
  const origin = (row: ClaimRow): ClaimantOrigin | undefined => known.get(row.wax_account)
  report.sameCreator = byKey('creator', (row) => origin(row)?.creator ?? null)
  report.sameFunder = byKey('funder', (row) => origin(row)?.firstFunder ?? null)
  report.createdTogether = createdTogether(known, claimsOf, createdWithinSeconds * 1000).filter(
    (cluster) => cluster.accounts >= minAccounts,
  )
  report.origins = {
    accounts: claimsOf.size,
    known: [...claimsOf.keys()].filter((account) => known.has(account)).length,
    unavailable,
    deferred,
    readLimit: limits.maxAccounts,
  }
  return report
}

function clusterOf(claims: ClusterClaim[]): Cluster {
  claims.sort(
    (a, b) => a.claimedAt.getTime() - b.claimedAt.getTime() || (a.rewardId < b.rewardId ? -1 : 1),
  )
  return { accounts: new Set(claims.map((claim) => claim.account)).size, claims }
}

/**
 * The claimants, those with a claim still pending first (the ones a rejection can still stop),
 * each group by its first claim: the order origins are read in when a report cannot read all.
 */
function urgentFirst(claimsOf: Map<string, ClusterClaim[]>): string[] {
  const pending = (account: string) =>
    claimsOf.get(account)?.some((claim) => claim.status === 'pending') ? 0 : 1
  return [...claimsOf.keys()].sort((a, b) => pending(a) - pending(b))
}

/**
 * Accounts in windows of `windowMs` from the first created: each window opens at the earliest
 * account not yet in one and holds those created within `windowMs` of it. A window per cluster,
 * rather than chaining each account to the next, so a campaign whose claimants are steadily
 * created (a wallet's sign-ups, one every few minutes) does not read as one cluster.
 */
function createdTogether(
  known: Map<string, ClaimantOrigin>,
  claimsOf: Map<string, ClusterClaim[]>,
  windowMs: number,
): CreationCluster[] {
  const created = [...claimsOf.keys()]
    .flatMap((account) => {
      const origin = known.get(account)
      return origin ? [{ account, at: origin.createdAt }] : []
    })
    .sort((a, b) => a.at.getTime() - b.at.getTime() || (a.account < b.account ? -1 : 1))
  const clusters: CreationCluster[] = []
  for (let first = 0; first < created.length; ) {
    let next = first
    while (
      next < created.length &&
      created[next].at.getTime() - created[first].at.getTime() <= windowMs
    ) {
      next += 1
    }
    const window = created.slice(first, next)
    clusters.push({
      from: window[0].at,
      to: window[window.length - 1].at,
      ...clusterOf(window.flatMap(({ account }) => claimsOf.get(account) ?? [])),
    })
    first = next
  }
  return clusters.sort((a, b) => b.accounts - a.accounts || a.from.getTime() - b.from.getTime())
}
