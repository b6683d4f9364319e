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
 * end) or closed (by an operator, who may reopen it before its end). `remaining` is what its
 * limits still allow, whatever its state: the cap's rest and, for unique codes, the codes not yet
 * used, whichever is less; null when nothing limits it. `welcome`: the spec's welcome campaign,
 * which cannot be closed.
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
 * What a new campaign's fields must hold, by the CLI's rules: the console checks them before it
 * sends a campaign, the server (for the console and the CLI alike) when it receives one.
 */
export const campaignRules = {
  slug: /^[a-z0-9-]{1,64}$/,
  nameMaxLength: 120,
  /** an amount and a token symbol, e.g. '10.0000 FERN' */
  reward: /^[0-9]+(\.[0-9]+)? [A-Z]{1,7}$/,
  /** a WAX account name, the token contract's */
  contract: /^[a-z1-5.]{1,12}$/,
} as const

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

/**
 * The request property a refusal concerns, as its error body's `field` names it: one of a new
 * campaign's, or a code generation's `count`.
 */
export type AdminField = keyof NewCampaignRequest | 'count'

/** The most codes one generation makes, in the CLI and the console alike. */
export const MAX_GENERATED_CODES = 10_000

/** `POST /api/admin/campaigns/{slug}/codes`: starts a code generation (answered 202). */
export const GenerateCodesRequestSchema = Type.Object(
  { count: Type.Integer() },
  { additionalProperties: false },
)
export type GenerateCodesRequest = Static<typeof GenerateCodesRequestSchema>

/**
 * One generation of a unique campaign's codes, a job the server runs and the console follows:
 * `made` of `count` codes exist so far. `running` until all are made (`done`), or `failed`
 * (`error` says why; the codes made before stay valid). `operator` is the console operator who
 * asked, null for the CLI. Its files can be downloaded again at any time once it stops running.
 */
export const CodeGenerationSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  campaign: Type.String(),
  count: Type.Integer({ minimum: 1 }),
  made: Type.Integer({ minimum: 0 }),
  state: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  error: Type.Union([Type.String(), Type.Null()]),
  operator: Type.Union([Type.String(), Type.Null()]),
  startedAt: Time,
  finishedAt: NullableTime,
})
export type CodeGeneration = Static<typeof CodeGenerationSchema>

/** `POST /api/admin/campaigns/{slug}/codes` (202) and `GET /api/admin/generations/{id}`. */
export const CodeGenerationResponseSchema = Type.Object({ generation: CodeGenerationSchema })
export type CodeGenerationResponse = Static<typeof CodeGenerationResponseSchema>

/** `GET /api/admin/generations`: the latest generations, newest first. */
export const CodeGenerationsResponseSchema = Type.Object({
  generations: Type.Array(CodeGenerationSchema),
})
export type CodeGenerationsResponse = Static<typeof CodeGenerationsResponseSchema>

/**
 * A generation's two downloads, streamed: `csv` (code, campaign, reward, claim link) and `sheet`,
 * the printable page of labelled QR codes, each holding the code's claim link.
 */
export type CodeGenerationFile = 'csv' | 'sheet'

export function codeGenerationDownloadPath(id: string, file: CodeGenerationFile): string {
  return `/api/admin/generations/${encodeURIComponent(id)}/${file === 'csv' ? 'codes.csv' : 'sheet.html'}`
}

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
 * overview first, then again whenever a claim, a payout, a step of a code generation or an
 * operator changed it.
 */
export interface AdminOverview {
  campaigns: AdminCampaign[]
  payouts: PayoutsResponse
  /** the latest code generations, newest first, as `GET /api/admin/generations` lists them */
  generations: CodeGeneration[]
}
