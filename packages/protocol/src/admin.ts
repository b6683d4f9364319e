import { type Static, Type } from 'typebox'

/**
 * The operator console's API, `/api/admin/*`: only a session whose wallet binding is verified
 * and listed in ADMIN_ACCOUNTS may call it. Times are ISO strings; quantities Antelope assets.
 */

const Time = Type.String({ format: 'date-time' })
const NullableTime = Type.Union([Time, Type.Null()])

/** `GET /api/admin/operator`: who the console is open to. */
export const OperatorResponseSchema = Type.Object({ account: Type.String() })
export type OperatorResponse = Static<typeof OperatorResponseSchema>

/** Claims of one campaign submitted in one minute, the chart's step. */
export const ClaimBucketSchema = Type.Object({ at: Time, claims: Type.Integer({ minimum: 1 }) })
export type ClaimBucket = Static<typeof ClaimBucketSchema>

/**
 * A campaign as operators see it. `state`: open, scheduled (before its start), ended (past its
 * end) or closed (by an operator). `remaining` is what can still be claimed: the cap's rest and,
 * for unique codes, the codes not yet used, whichever is less; null when nothing limits it.
 * `claimsOverTime` holds the minutes with claims, oldest first, the latest 500 of them.
 */
export const AdminCampaignSchema = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  kind: Type.Union([Type.Literal('shared'), Type.Literal('unique')]),
  reward: Type.String(),
  tokenContract: Type.String(),
  startsAt: NullableTime,
  endsAt: NullableTime,
  cap: Type.Union([Type.Integer(), Type.Null()]),
  claimed: Type.Integer(),
  remaining: Type.Union([Type.Integer(), Type.Null()]),
  codes: Type.Integer(),
  state: Type.Union([
    Type.Literal('open'),
    Type.Literal('scheduled'),
    Type.Literal('ended'),
    Type.Literal('closed'),
  ]),
  welcome: Type.Boolean(),
  createdAt: Time,
  claimsOverTime: Type.Array(ClaimBucketSchema),
})
export type AdminCampaign = Static<typeof AdminCampaignSchema>

export const CampaignsResponseSchema = Type.Object({ campaigns: Type.Array(AdminCampaignSchema) })
export type CampaignsResponse = Static<typeof CampaignsResponseSchema>

export const CampaignResponseSchema = Type.Object({ campaign: AdminCampaignSchema })
export type CampaignResponse = Static<typeof CampaignResponseSchema>

/**
 * `POST /api/admin/campaigns`: the CLI's `campaigns create` flags as JSON. Types are checked by
 * the schema; the rest (formats, window, the code) by the same rules and messages as the CLI.
 */
export const NewCampaignRequestSchema = Type.Object(
  {
    slug: Type.String(),
    name: Type.String(),
    kind: Type.Union([Type.Literal('shared'), Type.Literal('unique')]),
    /** e.g. '10.0000 FERN' */
    reward: Type.String(),
    /** the token contract; the server's REWARD_TOKEN_CONTRACT when absent */
    contract: Type.Optional(Type.String()),
    startsAt: Type.Optional(Type.String()),
    endsAt: Type.Optional(Type.String()),
    cap: Type.Optional(Type.Integer()),
    /** a shared campaign's one code */
    code: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
)
export type NewCampaignRequest = Static<typeof NewCampaignRequestSchema>

/** The most codes one generation makes, in the CLI and the console alike. */
export const MAX_GENERATED_CODES = 10_000

/** `POST /api/admin/campaigns/{slug}/codes`. */
export const GenerateCodesRequestSchema = Type.Object(
  { count: Type.Integer() },
  { additionalProperties: false },
)
export type GenerateCodesRequest = Static<typeof GenerateCodesRequestSchema>

/**
 * The new codes, and the CLI's printable material for them: `codes.csv` as text and the
 * printable sheet as one HTML page with its QR images inside, ready to save and print.
 */
export const GeneratedCodesResponseSchema = Type.Object({
  codes: Type.Array(Type.String()),
  csv: Type.String(),
  sheet: Type.String(),
})
export type GeneratedCodesResponse = Static<typeof GeneratedCodesResponseSchema>

/** A payout the chain refused: its reward waits, parked, for an operator's retry. */
export const FailedPayoutSchema = Type.Object({
  rewardId: Type.String({ format: 'uuid' }),
  waxAccount: Type.String(),
  code: Type.String(),
  transactionId: Type.String(),
  error: Type.Union([Type.String(), Type.Null()]),
  at: Time,
})
export type FailedPayout = Static<typeof FailedPayoutSchema>

/** A reward processing or confirming for longer than it should. */
export const StuckPayoutSchema = Type.Object({
  rewardId: Type.String({ format: 'uuid' }),
  status: Type.String(),
  waxAccount: Type.String(),
  code: Type.String(),
  attempts: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
  since: Time,
})
export type StuckPayout = Static<typeof StuckPayoutSchema>

/**
 * `GET /api/admin/payouts`: the payout account's balance of the reward token (null when the
 * chain did not answer), the refused payouts and the stuck rewards (over `stuckMinutes`).
 */
export const PayoutsResponseSchema = Type.Object({
  account: Type.String(),
  balance: Type.Union([Type.String(), Type.Null()]),
  failed: Type.Array(FailedPayoutSchema),
  stuck: Type.Array(StuckPayoutSchema),
  stuckMinutes: Type.Integer(),
})
export type PayoutsResponse = Static<typeof PayoutsResponseSchema>

/**
 * What the console's live stream (`GET /api/admin/live`, Server-Sent Events) sends: the whole
 * overview first, then again whenever a claim, a payout or an operator changed it.
 */
export interface AdminOverview {
  campaigns: AdminCampaign[]
  payouts: PayoutsResponse
}
