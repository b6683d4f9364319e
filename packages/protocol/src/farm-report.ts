import { type Static, Type } from 'typebox'

/**
 * `GET /api/admin/campaigns/:slug/farm-report`: the clusters among the accounts that claimed a
 * campaign, each kind's holding at least `minAccounts` accounts (2 unless asked), the most
 * accounts first, and `POST /api/admin/campaigns/:slug/rejections`, which rejects a cluster's
 * pending claims. Times are ISO strings.
 */

const Time = Type.String({ format: 'date-time' })

// The query's numbers are text: the admin API coerces none.
const Count = Type.String({ pattern: '^[1-9][0-9]{0,5}$' })

export const FarmReportQuerySchema = Type.Object(
  {
    minAccounts: Type.Optional(Count),
    /** accounts created within this many seconds of a cluster's first count as created together (600) */
    createdWithinSeconds: Type.Optional(Count),
  },
  { additionalProperties: false },
)
export type FarmReportQuery = Static<typeof FarmReportQuerySchema>

/** One claim of a cluster, and where it stands now (`pending` while it may still be rejected). */
export const ClusterClaimSchema = Type.Object({
  account: Type.String(),
  rewardId: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('processing'),
    Type.Literal('confirming'),
    Type.Literal('completed'),
    Type.Literal('rejected'),
  ]),
  claimedAt: Time,
})
export type ClusterClaim = Static<typeof ClusterClaimSchema>

const clusterOf = <Properties extends Parameters<typeof Type.Object>[0]>(key: Properties) =>
  Type.Object({
    ...key,
    /** distinct accounts among `claims` */
    accounts: Type.Integer({ minimum: 1 }),
    /** oldest first */
    claims: Type.Array(ClusterClaimSchema),
  })

export const FarmReportSchema = Type.Object({
  campaign: Type.String(),
  /** the window of `createdTogether`, as asked or the default */
  createdWithinSeconds: Type.Integer({ minimum: 1 }),
  /** claimed from one network: IPv4 /24, IPv6 /64 */
  sameAddress: Type.Array(clusterOf({ addressPrefix: Type.String() })),
  /** created by one account */
  sameCreator: Type.Array(clusterOf({ creator: Type.String() })),
  /** all created within the window of the first of them, `from` to `to` */
  createdTogether: Type.Array(clusterOf({ from: Time, to: Time })),
  /** whose first tokens came from one account */
  sameFunder: Type.Array(clusterOf({ funder: Type.String() })),
  /**
   * How much of the claimants' origins (creator, creation, first funds) the report knew; null
   * when the deployment has no history source to read them from (WAX without HISTORY_API_URL).
   */
  origins: Type.Union([
    Type.Object({
      /** distinct accounts that claimed the campaign */
      accounts: Type.Integer({ minimum: 0 }),
      /** whose origin is known */
      known: Type.Integer({ minimum: 0 }),
      /** the history source did not answer for them: left out of what it did not say */
      unavailable: Type.Array(Type.String()),
      /** not read yet, past this report's limit: the next report reads them */
      deferred: Type.Integer({ minimum: 0 }),
      /** accounts one report reads from the history source at most */
      readLimit: Type.Integer({ minimum: 1 }),
    }),
    Type.Null(),
  ]),
})
export type FarmReport = Static<typeof FarmReportSchema>
export type FarmClusterKind = 'sameAddress' | 'sameCreator' | 'createdTogether' | 'sameFunder'

const SelectedRewardSchema = Type.Object({ id: Type.String(), account: Type.String() })

/** What a rejection did: the claims rejected now, and those kept (being paid, paid, rejected). */
export const RejectionResultSchema = Type.Object({
  rejected: Type.Array(SelectedRewardSchema),
  kept: Type.Array(Type.Object({ ...SelectedRewardSchema.properties, status: Type.String() })),
})
export type RejectionResult = Static<typeof RejectionResultSchema>
