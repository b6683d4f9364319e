import { type Static, Type } from 'typebox'
import { UserSchema } from './user.ts'

/** `POST /api/codes`: a code as typed, scanned or read from an image; the server normalises it. */
export const SubmitCodeRequestSchema = Type.Object({ code: Type.String() })
export type SubmitCodeRequest = Static<typeof SubmitCodeRequestSchema>

/**
 * A submitted code not yet paid: the spec's pendingRewards entry. `reason` says why a rejected
 * code was refused (unknown, not started, ended, fully claimed), in words to show as they are.
 * A `confirming` reward's transfer is on chain, in a block not yet irreversible: it carries the
 * `transactionId`, and moves to the history once nothing can take it back.
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
  transactionId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{64}$' })),
  createdAt: Type.String({ format: 'date-time' }),
})
export type PendingReward = Static<typeof PendingRewardSchema>

/** A paid reward: the spec's rewardHistory entry, e.g. amount '10.0000', token 'FERN'. */
export const RewardHistoryEntrySchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  code: Type.String(),
  amount: Type.String(),
  token: Type.String(),
  transactionId: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  timestamp: Type.String({ format: 'date-time' }),
})
export type RewardHistoryEntry = Static<typeof RewardHistoryEntrySchema>

export const SubmitCodeResponseSchema = Type.Object({ reward: PendingRewardSchema })
export type SubmitCodeResponse = Static<typeof SubmitCodeResponseSchema>

/**
 * `GET /api/rewards`: both lists newest first; both follow the user's wax account. The history
 * holds the newest 200 entries.
 */
export const RewardsResponseSchema = Type.Object({
  pending: Type.Array(PendingRewardSchema),
  history: Type.Array(RewardHistoryEntrySchema),
})
export type RewardsResponse = Static<typeof RewardsResponseSchema>

/**
 * The data of every `snapshot` event of `GET /api/live`: the whole of what the dashboard shows.
 * The stream sends one on connect and a fresh one after every change to this user's data.
 */
export const LiveSnapshotSchema = Type.Object({
  user: UserSchema,
  pending: Type.Array(PendingRewardSchema),
  history: Type.Array(RewardHistoryEntrySchema),
})
export type LiveSnapshot = Static<typeof LiveSnapshotSchema>
