import { type Static, Type } from 'typebox'
import { OncePerAssetRefusalSchema, RuleNodeOnTheWireSchema } from './eligibility.ts'
import { NftTemplateSchema, PaidNftSchema } from './nfts.ts'
import { OperatorCheckRefusalSchema } from './operator-check.ts'

/** `POST /api/codes`: a code as typed, scanned or read from an image; the server normalises it. */
export const SubmitCodeRequestSchema = Type.Object({ code: Type.String() })
export type SubmitCodeRequest = Static<typeof SubmitCodeRequestSchema>

/** Why the catalogue refused a code: stable, for clients to word in their own language. */
export const RejectionSchema = Type.Union([
  Type.Literal('unknown_code'),
  Type.Literal('not_started'),
  Type.Literal('ended'),
  Type.Literal('fully_claimed'),
  Type.Literal('not_eligible'),
  Type.Literal('wallet_limit_reached'),
  Type.Literal('nft_supply_exhausted'),
  Type.Literal('nft_pool_empty'),
  Type.Literal('rejected_by_operator'),
])
export type Rejection = Static<typeof RejectionSchema>

/**
 * A submitted code not yet paid: the spec's pendingRewards entry. A rejected code carries its
 * `rejection` (unknown, not started, ended, fully claimed) and the same `reason` in English words.
 * A `confirming` reward's transfer is on chain, in a block not yet irreversible: it carries the
 * `transactionId`, and moves to the history once nothing can take it back. Once the catalogue has
 * accepted it (processing, confirming) it carries the `reward` it pays, e.g. amount '10.0000',
 * token 'FERN'.
 */
export const PendingRewardSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  code: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('processing'),
    Type.Literal('confirming'),
    Type.Literal('rejected'),
  ]),
  reason: Type.Union([Type.String(), Type.Null()]),
  rejection: Type.Optional(RejectionSchema),
  /**
   * `not_eligible`: the part of the campaign's rules this wallet does not meet (a condition, or
   * an `any` group none of whose members it meets), its operator's own check, or its NFTs each
   * counted once, spent
   */
  failedRule: Type.Optional(
    Type.Union([RuleNodeOnTheWireSchema, OperatorCheckRefusalSchema, OncePerAssetRefusalSchema]),
  ),
  /** `wallet_limit_reached`: when this wallet may claim in the campaign's group again */
  nextClaimAt: Type.Optional(Type.String({ format: 'date-time' })),
  transactionId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{64}$' })),
  reward: Type.Optional(Type.Object({ amount: Type.String(), token: Type.String() })),
  /** Once accepted, an NFT campaign's reward: the template it mints or sends, for its art. */
  nft: Type.Optional(NftTemplateSchema),
  createdAt: Type.String({ format: 'date-time' }),
  /**
   * Pending or processing while payouts are paused (the payout account is out of CPU, NET or
   * RAM): it will be paid once they resume, nothing to do but wait. Absent otherwise.
   */
  delayed: Type.Optional(Type.Literal(true)),
  /** Only on a live `reward` event: the visitor dismissed this rejected code; it leaves the list. */
  dismissed: Type.Optional(Type.Literal(true)),
})
export type PendingReward = Static<typeof PendingRewardSchema>

/**
 * A paid reward: the spec's rewardHistory entry, e.g. amount '10.0000', token 'FERN'; an NFT
 * paid carries `nft` (the asset and its template) instead of an amount and token.
 */
export const RewardHistoryEntrySchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  code: Type.String(),
  amount: Type.Optional(Type.String()),
  token: Type.Optional(Type.String()),
  nft: Type.Optional(PaidNftSchema),
  transactionId: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  timestamp: Type.String({ format: 'date-time' }),
})
export type RewardHistoryEntry = Static<typeof RewardHistoryEntrySchema>

/**
 * What an account has been paid in one token, all its history summed exactly, in the token's
 * precision: e.g. amount '35.0000', token 'FERN'.
 */
export const EarnedTokensSchema = Type.Object({ amount: Type.String(), token: Type.String() })
export type EarnedTokens = Static<typeof EarnedTokensSchema>

/** The NFTs an account has been paid in all its history, counted: assets do not add up. */
export const EarnedNftsSchema = Type.Object({ nfts: Type.Integer({ minimum: 1 }) })
export type EarnedNfts = Static<typeof EarnedNftsSchema>

/** One line of an account's total earned: a token's sum, or (after them) its NFTs' count. */
export const EarnedTotalSchema = Type.Union([EarnedTokensSchema, EarnedNftsSchema])
export type EarnedTotal = Static<typeof EarnedTotalSchema>

export const SubmitCodeResponseSchema = Type.Object({ reward: PendingRewardSchema })
export type SubmitCodeResponse = Static<typeof SubmitCodeResponseSchema>

/**
 * Where a page of a list ends: pass it back (`historyBefore`, `pendingBefore`) for the entries
 * older than it. Opaque to clients (the entry's time in microseconds and its id, for keyset
 * pagination). Exactly what the server writes, a UUID's dashes in place: the database takes
 * whatever this lets through, and 17 digits stay within its timestamps' range.
 */
export const PageCursorSchema = Type.String({
  pattern: '^[0-9]{1,17}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
})

/** How many history entries one page holds. */
export const HISTORY_PAGE_SIZE = 50

/** How many of the rewards not yet paid (the Activity list) one page holds. */
export const PENDING_PAGE_SIZE = 50

/**
 * `GET /api/rewards` query: the page of history older than `historyBefore`, and the page of
 * rewards not yet paid older than `pendingBefore`; each list's newest page when its cursor is
 * left out.
 */
export const RewardsQuerySchema = Type.Object(
  {
    historyBefore: Type.Optional(PageCursorSchema),
    pendingBefore: Type.Optional(PageCursorSchema),
  },
  { additionalProperties: false },
)
export type RewardsQuery = Static<typeof RewardsQuerySchema>

/**
 * `GET /api/rewards`: a page of the account's rewards not yet paid and a page of its history,
 * both newest first, both following the user's wax account. `olderPending` and `olderHistory`
 * fetch each list's next page; null when the page reaches the list's first entry.
 */
export const RewardsResponseSchema = Type.Object({
  pending: Type.Array(PendingRewardSchema),
  olderPending: Type.Union([PageCursorSchema, Type.Null()]),
  history: Type.Array(RewardHistoryEntrySchema),
  olderHistory: Type.Union([PageCursorSchema, Type.Null()]),
})
export type RewardsResponse = Static<typeof RewardsResponseSchema>
