import { type Static, Type } from 'typebox'
import { RuleTreeOnTheWireSchema } from './eligibility.ts'
import { ANTELOPE_NAME, ANTELOPE_NAME_PATTERN } from './names.ts'
import { NftTemplateSchema } from './nfts.ts'

export * from './campaign-input.ts'
export * from './farm-report.ts'

/**
 * The operator console's API, `/api/admin/*`: only a session whose wallet binding is verified
 * and listed in ADMIN_ACCOUNTS may call it. Times are ISO strings; quantities Antelope assets.
 */

const Time = Type.String({ format: 'date-time' })

/** An AtomicAssets template's assets minted so far (`issued`) and its limit (`max`, 0 for none). */
export const NftSupplySchema = Type.Object({
  issued: Type.Integer({ minimum: 0 }),
  max: Type.Integer({ minimum: 0 }),
})
export type NftSupply = Static<typeof NftSupplySchema>

/**
 * `GET /api/admin/nft-template?nft=<collection>:<template id>`: the template a new NFT campaign
 * would mint, as the chain has it now, for the console's preview.
 */
export const NftTemplateQuerySchema = Type.Object(
  { nft: Type.String() },
  { additionalProperties: false },
)
export const NftTemplatePreviewSchema = Type.Object({
  template: NftTemplateSchema,
  supply: NftSupplySchema,
  /** the template's assets the payout account holds that no payout has taken: a pool's size */
  held: Type.Integer({ minimum: 0 }),
})
export type NftTemplatePreview = Static<typeof NftTemplatePreviewSchema>
const NullableTime = Type.Union([Time, Type.Null()])

/**
 * A campaign's human check (fair claims): proof of work (`pow`) or none (`off`) for its claims;
 * null follows the deployment's HUMAN_CHECK_DEFAULT, so changing the default reaches it.
 */
export const HumanCheckSettingSchema = Type.Union([
  Type.Literal('pow'),
  Type.Literal('off'),
  Type.Null(),
])
export type HumanCheckSetting = Static<typeof HumanCheckSettingSchema>

/**
 * How many grants of the partner API one account may receive from a campaign: a whole number
 * of at least 1 (campaignLimitProblems checks the range, to answer it beside its field), or null
 * for as many as a partner asks.
 */
export const GrantsPerAccountSchema = Type.Union([Type.Integer(), Type.Null()])

/**
 * The operator's own check of a campaign's claims: the URL each claim is asked about first, or
 * null for none. Any text: the server refuses, beside the field, a URL it may not reach (not
 * https, private, too long) and says why, which a schema's pattern could not.
 */
export const CheckUrlSchema = Type.Union([Type.String(), Type.Null()])

/**
 * A campaign's review window in seconds: how long each claim waits, pending, before it is paid,
 * so the operator can reject a farm's claims first. 0 pays at once (campaignLimitProblems checks
 * the range, to answer it beside its field).
 */
export const PayoutDelaySchema = Type.Integer()

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
  /** what a claim pays, as the CLI prints it: '10.0000 FERN' or 'NFT Ancient Relic (fernwoodnfts:3)' */
  reward: Type.String(),
  /** the template an NFT campaign mints or hands out; null for a token campaign */
  nft: Type.Union([NftTemplateSchema, Type.Null()]),
  /**
   * How an NFT campaign pays: `mint`, a new asset of its template per claim, or `pool`, one of
   * the template's assets the payout account holds; null for a token campaign.
   */
  nftSource: Type.Union([Type.Literal('mint'), Type.Literal('pool'), Type.Null()]),
  /**
   * A pool campaign's assets left to hand out (held by the payout account, taken by no payout)
   * as the chain last answered; absent for other campaigns or while the chain cannot be read.
   */
  nftPoolSize: Type.Optional(Type.Integer({ minimum: 0 })),
  /**
   * An NFT campaign's template supply as the chain last answered; absent for a token campaign
   * or while the chain cannot be read.
   */
  nftSupply: Type.Optional(NftSupplySchema),
  tokenContract: Type.String(),
  startsAt: NullableTime,
  endsAt: NullableTime,
  cap: Type.Union([Type.Integer(), Type.Null()]),
  /**
   * The rewards reserved at creation (`rewards`) and, for a token campaign, what they pay in all
   * (`amount`); null without a budget. A spent budget refuses claims as a reached cap does.
   */
  budget: Type.Union([
    Type.Object({ rewards: Type.Integer(), amount: Type.Union([Type.String(), Type.Null()]) }),
    Type.Null(),
  ]),
  claimed: Type.Integer(),
  remaining: Type.Union([Type.Integer(), Type.Null()]),
  codes: Type.Integer(),
  /**
   * Its standing now, as the server's one stored function decides it for the console, the CLI,
   * the kiosk and claims alike: closed by an operator, else scheduled, ended, spent (its cap or
   * budget reached, claims refused as fully claimed) or open.
   */
  state: Type.Union([
    Type.Literal('open'),
    Type.Literal('scheduled'),
    Type.Literal('ended'),
    Type.Literal('closed'),
    Type.Literal('spent'),
  ]),
  welcome: Type.Boolean(),
  /**
   * Who may claim it and how often: its rule tree (`tree`, null without one) and, written as the
   * single-rule flags take them, the conditions those flags edit, the tree's top-level `all`
   * conditions of each kind (null where there is none); `allowlist` says only whether the tree
   * asks for the allowlist, whose accounts stay on the server.
   */
  rules: Type.Object({
    tree: Type.Union([RuleTreeOnTheWireSchema, Type.Null()]),
    allowlist: Type.Boolean(),
    minBalance: Type.Union([Type.String(), Type.Null()]),
    holdsNft: Type.Union([Type.String(), Type.Null()]),
    minAccountAgeDays: Type.Union([Type.Integer(), Type.Null()]),
    group: Type.Union([Type.String(), Type.Null()]),
    perWallet: Type.Union([Type.String(), Type.Null()]),
  }),
  humanCheck: HumanCheckSettingSchema,
  /** 1 for a new campaign unless the operator says otherwise */
  grantsPerAccount: GrantsPerAccountSchema,
  /**
   * A holders-only campaign counts each qualifying NFT once: an asset that qualified a claim of
   * it (or of its group) qualifies no other, whoever holds it now.
   */
  oncePerAsset: Type.Boolean(),
  checkUrl: Type.Union([Type.String(), Type.Null()]),
  /**
   * With a check URL: the secret its requests are signed with (Standard Webhooks), for the
   * operator to configure their endpoint with. The admin API is the operators' only.
   */
  checkSecret: Type.Optional(Type.String()),
  /** the review window, in seconds; 0 pays at once */
  payoutDelay: Type.Integer(),
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
  /** an NFT campaign's template: '<collection>:<template id>', e.g. 'fernwoodnfts:3' */
  nft: new RegExp(`^${ANTELOPE_NAME}:[1-9][0-9]{0,9}$`),
  /** a WAX account name, the token contract's */
  contract: new RegExp(ANTELOPE_NAME_PATTERN),
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
    /** e.g. '10.0000 FERN'; absent for an NFT campaign */
    reward: Type.Optional(Type.String()),
    /** an NFT campaign's template, minted for each claim: '<collection>:<template id>' */
    nft: Type.Optional(Type.String()),
    /**
     * an NFT campaign's pool, '<collection>:<template id>': each claim is sent one of the
     * template's assets the payout account holds
     */
    nftPool: Type.Optional(Type.String()),
    /** the token contract; the server's REWARD_TOKEN_CONTRACT when absent */
    contract: Type.Optional(Type.String()),
    startsAt: Type.Optional(Type.String()),
    endsAt: Type.Optional(Type.String()),
    cap: Type.Optional(Type.Integer()),
    /** the budget reserved: an amount of the reward's token ('2500.0000 FERN') or a count of rewards ('250') */
    budget: Type.Optional(Type.String()),
    /** a shared campaign's one code */
    code: Type.Optional(Type.String()),
    /**
     * who may claim, as one tree of conditions (`--rules <file.json>`); the single-rule
     * properties below are shorthands for conditions of its top-level `all` group
     */
    rules: Type.Optional(RuleTreeOnTheWireSchema),
    /**
     * the allowlist's accounts: an allowlist file's text (one account a line, or a CSV with an
     * `account` column); given alone, it also adds the allowlist condition to the rules
     */
    allowlist: Type.Optional(Type.String()),
    /** a balance to hold: '<amount> <SYMBOL>@<contract>', e.g. '100.0000 FERN@fern.token' */
    minBalance: Type.Optional(Type.String()),
    /** an NFT to hold: '<collection>' or '<collection>:<template id>' */
    holdsNft: Type.Optional(Type.String()),
    minAccountAgeDays: Type.Optional(Type.Integer()),
    /** the group whose campaigns share a per-wallet limit */
    group: Type.Optional(Type.String()),
    /** the group's limit: '<n>/<hour|day|week>', e.g. '1/day' */
    perWallet: Type.Optional(Type.String()),
    /** absent or null: the deployment's HUMAN_CHECK_DEFAULT */
    humanCheck: Type.Optional(HumanCheckSettingSchema),
    /** absent: 1 */
    grantsPerAccount: Type.Optional(GrantsPerAccountSchema),
    /** needs rules no wallet meets without an NFT: each qualifying asset qualifies one claim */
    oncePerAsset: Type.Optional(Type.Boolean()),
    /** absent or null: no check */
    checkUrl: Type.Optional(CheckUrlSchema),
    /** absent: 0, paid at once */
    payoutDelay: Type.Optional(PayoutDelaySchema),
  },
  { additionalProperties: false },
)
export type NewCampaignRequest = Static<typeof NewCampaignRequestSchema>

/** The properties of a new campaign (and of an edit) that write its rules. */
export const claimRuleFields = [
  'rules',
  'allowlist',
  'minBalance',
  'holdsNft',
  'minAccountAgeDays',
  'group',
  'perWallet',
] as const satisfies ReadonlyArray<keyof NewCampaignRequest>

/**
 * The request property a refusal concerns, as its error body's `field` names it: one of a new
 * campaign's, a code generation's `count`, or a kiosk credential's `hours`.
 */
export type AdminField = keyof NewCampaignRequest | 'count' | 'hours'

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

/** What an account has of one resource, as get_account reports it (-1 when unlimited). */
const ResourceUseSchema = Type.Object({
  used: Type.Integer(),
  available: Type.Integer(),
  max: Type.Integer(),
})

/** The payout account's resources: CPU in µs and NET in bytes over 24 hours, RAM in bytes. */
export const PayoutResourcesSchema = Type.Object({
  cpu: ResourceUseSchema,
  net: ResourceUseSchema,
  ram: ResourceUseSchema,
})
export type PayoutResources = Static<typeof PayoutResourcesSchema>

/** Payouts paused: the payout account is out of `resource`; every reward stays due meanwhile. */
export const PayoutPauseSchema = Type.Object({
  resource: Type.Union([Type.Literal('cpu'), Type.Literal('net'), Type.Literal('ram')]),
  /** the node's words when it refused */
  error: Type.String(),
  since: Time,
  /** when a worker next looks whether the account has it again */
  nextCheckAt: Time,
})
export type PayoutPauseView = Static<typeof PayoutPauseSchema>

/**
 * `GET /api/admin/payouts`: the payout account's balance of the reward token (null when the
 * chain did not answer), the refused payouts, the stuck rewards (over `stuckMinutes`) and how
 * many rewards are still to be paid.
 */
export const PayoutsResponseSchema = Type.Object({
  account: Type.String(),
  balance: Type.Union([Type.String(), Type.Null()]),
  failed: Type.Array(FailedPayoutSchema),
  stuck: Type.Array(StuckPayoutSchema),
  stuckMinutes: Type.Integer(),
  /** rewards accepted and not yet paid (pending, processing or confirming), stuck ones included */
  pending: Type.Integer(),
  /** what open campaigns' budgets still have to pay in the reward token, e.g. '2500.0000 FERN' */
  reserved: Type.String(),
  /** the balance (when known) is less than `reserved`: the console warns */
  budgetsExceedBalance: Type.Boolean(),
  /** the payout account's CPU, NET and RAM; null when the chain did not answer */
  resources: Type.Union([PayoutResourcesSchema, Type.Null()]),
  /** why payouts are paused, while they are */
  pause: Type.Union([PayoutPauseSchema, Type.Null()]),
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
  /** the kiosk credentials in force, newest first, as `GET /api/admin/kiosk-credentials` lists them */
  kioskCredentials: KioskCredential[]
}

/**
 * `POST /api/admin/campaigns/{slug}/edit` (the CLI's `campaigns edit`): what changes, the rest stays.
 * A time or the cap given as null removes it; `reopen` reopens a closed campaign once the changes
 * are made (so an ended one can be given a later end and reopened at once). `rules` replaces the
 * whole rule tree (null removes every rule); a single-rule property given replaces that kind's
 * condition at the tree's top level (null or '' removes every condition of its kind), written as
 * a new campaign's is (an allowlist replaces the campaign's whole list); a group removed takes
 * its per-wallet limit with it. A per-wallet limit given alone changes
 * the limit of the campaign's group, which all its campaigns share. The human check and the
 * grants per account given as null follow the deployment's default and allow any number; a
 * check URL given as null removes the check.
 */
export const CampaignEditRequestSchema = Type.Object(
  {
    startsAt: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    endsAt: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    cap: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    reopen: Type.Optional(Type.Boolean()),
    rules: Type.Optional(Type.Union([RuleTreeOnTheWireSchema, Type.Null()])),
    allowlist: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    minBalance: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    holdsNft: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    minAccountAgeDays: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    group: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    perWallet: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    humanCheck: Type.Optional(HumanCheckSettingSchema),
    grantsPerAccount: Type.Optional(GrantsPerAccountSchema),
    oncePerAsset: Type.Optional(Type.Boolean()),
    checkUrl: Type.Optional(CheckUrlSchema),
    payoutDelay: Type.Optional(PayoutDelaySchema),
  },
  { additionalProperties: false },
)
export type CampaignEditRequest = Static<typeof CampaignEditRequestSchema>

/** `GET /api/admin/campaigns/{slug}/claims.csv`: the campaign's claims, as `claims export` writes them. */
export function campaignClaimsPath(slug: string): string {
  return `/api/admin/campaigns/${encodeURIComponent(slug)}/claims.csv`
}

/**
 * What a kiosk screen's stream (`GET /api/kiosk/live`, Server-Sent Events named `kiosk`) sends,
 * again whenever it changes: `link` is the one-time claim link to show (null while the campaign
 * is not open), replaced as soon as it is claimed and at `replacedBy` at the latest; `claimed`
 * counts the campaign's claims; `reward` and `nft` say what a claim pays, as the link's page does.
 */
export const KioskStateSchema = Type.Object({
  campaign: Type.String(),
  name: Type.String(),
  link: Type.Union([Type.String(), Type.Null()]),
  code: Type.Union([Type.String(), Type.Null()]),
  replacedBy: NullableTime,
  claimed: Type.Integer(),
  state: AdminCampaignSchema.properties.state,
  /** what a claim pays, shown to the public: as the campaign's `reward`, and its NFT's art */
  reward: AdminCampaignSchema.properties.reward,
  nft: AdminCampaignSchema.properties.nft,
})
export type KioskState = Static<typeof KioskStateSchema>

/**
 * A kiosk credential: what a tablet shows one unique campaign's kiosk screen with, instead of an
 * operator's session, and which opens nothing else. `operator` issued it (null for the CLI); it
 * holds until `expiresAt` unless revoked first. Its secret is shown once, in the kiosk link.
 */
export const KioskCredentialSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  campaign: Type.String(),
  operator: Type.Union([Type.String(), Type.Null()]),
  issuedAt: Time,
  expiresAt: Time,
  /** when a kiosk stream last opened with it */
  lastUsedAt: NullableTime,
})
export type KioskCredential = Static<typeof KioskCredentialSchema>

/** How many hours a kiosk credential holds: `default` unless the operator says, `max` at most. */
export const KIOSK_HOURS = { default: 24, max: 720 } as const

/** `POST /api/admin/campaigns/{slug}/kiosk-credentials` (the CLI's `kiosk issue`). */
export const IssueKioskCredentialRequestSchema = Type.Object(
  { hours: Type.Optional(Type.Integer()) },
  { additionalProperties: false },
)
export type IssueKioskCredentialRequest = Static<typeof IssueKioskCredentialRequestSchema>

/** The credential issued (201) and its kiosk link, which holds its secret: shown this once. */
export const IssuedKioskCredentialResponseSchema = Type.Object({
  credential: KioskCredentialSchema,
  link: Type.String(),
})
export type IssuedKioskCredentialResponse = Static<typeof IssuedKioskCredentialResponseSchema>

/** `GET /api/admin/kiosk-credentials`: the credentials in force, newest first. */
export const KioskCredentialsResponseSchema = Type.Object({
  credentials: Type.Array(KioskCredentialSchema),
})
export type KioskCredentialsResponse = Static<typeof KioskCredentialsResponseSchema>

/**
 * `POST /api/kiosk/session`: the kiosk page presents the secret of its link once; the answer sets
 * the kiosk's own cookie, which its stream (`GET /api/kiosk/live`) then reads, and names the
 * campaign the credential shows.
 */
export const KioskSessionRequestSchema = Type.Object(
  { credential: Type.String({ maxLength: 256 }) },
  { additionalProperties: false },
)
export type KioskSessionRequest = Static<typeof KioskSessionRequestSchema>
export const KioskSessionResponseSchema = Type.Object({ campaign: Type.String(), expiresAt: Time })
export type KioskSessionResponse = Static<typeof KioskSessionResponseSchema>
