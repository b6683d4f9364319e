import { type Static, Type } from 'typebox'
import {
  EarnedTotalSchema,
  PageCursorSchema,
  PendingRewardSchema,
  RewardHistoryEntrySchema,
} from './rewards.ts'
import { UserSchema } from './user.ts'

/**
 * The events of `GET /api/live` (Server-Sent Events), by their `event:` name. A stream opens with
 * a `snapshot`, then carries one small event per change, each with an `id:`. A reconnecting
 * EventSource sends the last id back as `Last-Event-ID` and receives only what it missed, or a
 * fresh `snapshot` when the server no longer knows that far back. An event carries the changed
 * thing as it is now, so receiving one twice changes nothing.
 */

/**
 * `snapshot`: everything the dashboard shows, as of one moment (each list's newest page), and what
 * the account has earned in all its history, per token and its NFTs counted (the history is
 * paged, so the browser cannot add it up).
 */
export const LiveSnapshotSchema = Type.Object({
  user: UserSchema,
  pending: Type.Array(PendingRewardSchema),
  olderPending: Type.Union([PageCursorSchema, Type.Null()]),
  history: Type.Array(RewardHistoryEntrySchema),
  olderHistory: Type.Union([PageCursorSchema, Type.Null()]),
  earned: Type.Array(EarnedTotalSchema),
})
export type LiveSnapshot = Static<typeof LiveSnapshotSchema>

/** `reward`: a reward not yet paid was submitted, or changed status. */
export const RewardChangedSchema = Type.Object({ reward: PendingRewardSchema })
export type RewardChanged = Static<typeof RewardChangedSchema>

/**
 * `paid`: a reward was paid: `entry` joins the history, reward `rewardId` leaves the list, and
 * `earned` is the account's total per token (and of NFTs) as it is now.
 */
export const RewardPaidSchema = Type.Object({
  rewardId: Type.String({ format: 'uuid' }),
  entry: RewardHistoryEntrySchema,
  earned: Type.Array(EarnedTotalSchema),
})
export type RewardPaid = Static<typeof RewardPaidSchema>

/** `user`: the visitor's own record changed (a wallet bound elsewhere). */
export const UserChangedSchema = Type.Object({ user: UserSchema })
export type UserChanged = Static<typeof UserChangedSchema>

export type LiveEvent =
  | { type: 'snapshot'; data: LiveSnapshot }
  | { type: 'reward'; data: RewardChanged }
  | { type: 'paid'; data: RewardPaid }
  | { type: 'user'; data: UserChanged }
