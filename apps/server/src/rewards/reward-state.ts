import type { Rejection } from '@fernwood/protocol'
import type { Queryable } from '../db/database.ts'
import { hasPayoutThatMayLand } from '../payouts/repository.ts'

/**
 * The one owner of a reward's state: every change of its status, and of the marks its visitor
 * sees beside it (dismissed, delayed), is one of the moves below, each one statement.
 *
 *   pending ──lease──▶ processing ──execute──▶ confirming ──complete──▶ completed
 *      │                  │   ▲                    │       (complete from processing too)
 *    refuse    rejectUnpayable └───────lose─────────┘       (lose from processing too)
 *      ▼                  │
 *   rejected ◀────────────┘   then, by its visitor: dismiss (it stays rejected, dismissed)
 *
 * Beside them, moves that keep the status: a lease renewed, a retry later or now, a parked
 * payout, a confirming reward looked at again, and the delay shown while payouts are paused.
 *
 * A reward's first state is inserted by `submit_reward` (db/functions), pending or, refused on
 * the spot, rejected: no move leads there, so none is written here. Every move is allowed from
 * the statuses `REWARD_MOVES` lists and no other: its statement's condition on the current
 * status comes from that table, which makes it safe to repeat and harmless when two workers
 * race after a lease ran out (a reward in another status is left as it is). The rewards'
 * trigger tells the live feed of each change its visitor can see, in the move's transaction.
 */

/** A reward's statuses (the rewards table's check, migration 003). */
export type RewardStatus = 'pending' | 'processing' | 'confirming' | 'completed' | 'rejected'
export const REWARD_STATUSES: readonly RewardStatus[] = [
  'pending',
  'processing',
  'confirming',
  'completed',
  'rejected',
]

/** Each move: the statuses it may be made from, each to the status it leaves the reward in. */
export const REWARD_MOVES = {
  /** the catalogue refused its code when a worker claimed it */
  refuse: { pending: 'rejected' },
  /** a worker takes it to pay (a pending one's share of its campaign taken) until the lease ends */
  lease: { pending: 'processing', processing: 'processing', confirming: 'confirming' },
  /** it can never be paid (its NFT's supply is minted, its pool empty), and no transfer may land */
  rejectUnpayable: { processing: 'rejected' },
  /** the chain could not be reached, or refused a batch: due again later as it is */
  retryLater: { processing: 'processing', confirming: 'confirming' },
  /** the chain refused its transfer for good: parked until an operator retries it */
  park: { processing: 'processing' },
  /** an operator's retry: due now */
  retryNow: { processing: 'processing' },
  /** its transfer executed, in a block not yet irreversible */
  execute: { processing: 'confirming', confirming: 'confirming' },
  /** a confirming one looked at again: its block still not irreversible */
  recheck: { confirming: 'confirming' },
  /** its transfer is in an irreversible block */
  complete: { processing: 'completed', confirming: 'completed' },
  /** its transfer can never land (expired, in no block): a new one replaces it */
  lose: { processing: 'processing', confirming: 'processing' },
  /** its visitor dismissed the rejected code */
  dismiss: { rejected: 'rejected' },
  /** payouts paused for the payout account's resources: one waiting to be paid shows delayed */
  delay: { pending: 'pending', processing: 'processing' },
  /** payouts resumed: whatever became of a delayed one meanwhile, it is delayed no more */
  undelay: {
    pending: 'pending',
    processing: 'processing',
    confirming: 'confirming',
    completed: 'completed',
    rejected: 'rejected',
  },
} as const satisfies Record<string, Partial<Record<RewardStatus, RewardStatus>>>

export type RewardMove = keyof typeof REWARD_MOVES

/** The status `move` leaves a reward in from `from`; undefined when it may not be made from it. */
export function statusAfter(move: RewardMove, from: RewardStatus): RewardStatus | undefined {
  return (REWARD_MOVES[move] as Partial<Record<RewardStatus, RewardStatus>>)[from]
}

const quoted = (status: RewardStatus) => `'${status}'`
const MOVES = Object.keys(REWARD_MOVES) as RewardMove[]

/** By move, from the table: the condition that a reward (`r`) may make it. */
const MAY_MAKE = Object.fromEntries(
  MOVES.map((move) => {
    const from = REWARD_STATUSES.filter((status) => statusAfter(move, status))
    return [move, `r.status IN (${from.map(quoted).join(', ')})`]
  }),
) as Record<RewardMove, string>

/** By move, from the table: the status it leaves a reward (`r`) in. */
const STATUS_AFTER = Object.fromEntries(
  MOVES.map((move) => {
    const pairs = REWARD_STATUSES.flatMap((from) => {
      const to = statusAfter(move, from)
      return to ? [`WHEN ${quoted(from)} THEN ${quoted(to)}`] : []
    })
    return [move, `CASE r.status ${pairs.join(' ')} END`]
  }),
) as Record<RewardMove, string>

/** A reward leased to a worker: how often it was taken to pay, and from which campaign. */
export interface LeasedReward {
  id: string
  /** how many times a worker has taken it to pay, this time included */
  attempts: number
  campaignId: number
}

/**
 * The moves, one statement each, by the names of `REWARD_MOVES`. Each takes the connection or
 * transaction to make it in: callers that also audit, alert or pay make it in theirs.
 */
export const rewardState = {
  /** Codes the catalogue refused, each with the reason its visitor reads, in one statement. */
  async refuse(
    tx: Queryable,
    refused: Array<{ id: string; rejection: Rejection; reason: string }>,
  ): Promise<void> {
    if (refused.length === 0) return
    await tx.query(
      `UPDATE rewards r SET status = ${STATUS_AFTER.refuse}, rejection = x.rejection,
              reason = x.reason, updated_at = now()
         FROM unnest($1::uuid[], $2::text[], $3::text[]) AS x (id, rejection, reason)
        WHERE r.id = x.id AND ${MAY_MAKE.refuse}`,
      [
        refused.map(({ id }) => id),
        refused.map(({ rejection }) => rejection),
        refused.map(({ reason }) => reason),
      ],
    )
  },

  /**
   * A worker takes rewards for `leaseSeconds`, each with its campaign (a pending one's from the
   * catalogue's verdict). A look at a confirming reward's finality is not an attempt: attempts
   * pace retries after failures.
   */
  async lease(
    tx: Queryable,
    rewards: Array<{ id: string; campaignId: number | null }>,
    leaseSeconds: number,
  ): Promise<LeasedReward[]> {
    const leased = await tx.query<{ id: string; attempts: number; campaign_id: number }>(
      `UPDATE rewards r
          SET status = ${STATUS_AFTER.lease}, campaign_id = l.campaign_id,
              attempts = r.attempts + CASE WHEN r.status = 'confirming' THEN 0 ELSE 1 END,
              next_attempt_at = now() + make_interval(secs => $3), updated_at = now()
         FROM unnest($1::uuid[], $2::integer[]) AS l (id, campaign_id)
        WHERE r.id = l.id AND ${MAY_MAKE.lease}
        RETURNING r.id, r.attempts, r.campaign_id`,
      [
        rewards.map((reward) => reward.id),
        rewards.map((reward) => reward.campaignId),
        leaseSeconds,
      ],
    )
    return leased.map((row) => ({
      id: row.id,
      attempts: row.attempts,
      campaignId: row.campaign_id,
    }))
  },

  /**
   * Only while the worker's lease is the last one taken (`attempts` as its lease left them: the
   * fence a worker whose lease ran out cannot pass once another worker leased the reward), and
   * only with no transaction that may still land: another worker's transfer to this very reward
   * can be what minted the supply or emptied the pool. Returns the ids of those it rejected.
   */
  async rejectUnpayable(
    tx: Queryable,
    rewards: ReadonlyArray<{ id: string; attempts: number }>,
    rejection: Rejection,
    reason: string,
  ): Promise<string[]> {
    const rejected = await tx.query<{ id: string }>(
      `UPDATE rewards r SET status = ${STATUS_AFTER.rejectUnpayable}, rejection = $3, reason = $4,
              updated_at = now()
         FROM unnest($1::uuid[], $2::integer[]) AS leased (id, attempts)
        WHERE r.id = leased.id AND r.attempts = leased.attempts AND ${MAY_MAKE.rejectUnpayable}
          AND NOT ${hasPayoutThatMayLand('r.id')}
        RETURNING r.id`,
      [
        rewards.map((reward) => reward.id),
        rewards.map((reward) => reward.attempts),
        rejection,
        reason,
      ],
    )
    return rejected.map((row) => row.id)
  },

  /** Kept as they are, with the chain's words, and due again after `delayMs`. */
  async retryLater(
    db: Queryable,
    rewardIds: string[],
    error: string,
    delayMs: number,
  ): Promise<void> {
    await db.query(
      `UPDATE rewards r SET last_error = $2, updated_at = now(),
              next_attempt_at = now() + make_interval(secs => $3)
        WHERE r.id = ANY($1::uuid[]) AND ${MAY_MAKE.retryLater}`,
      [rewardIds, error, delayMs / 1000],
    )
  },

  /** Never due again by itself. Returns whose reward it is, when it was one to park. */
  async park(
    tx: Queryable,
    rewardId: string,
    error: string,
  ): Promise<{ waxAccount: string; code: string } | undefined> {
    const [parked] = await tx.query<{ wax_account: string; code: string }>(
      `UPDATE rewards r SET last_error = $2, next_attempt_at = 'infinity', updated_at = now()
        WHERE r.id = $1 AND ${MAY_MAKE.park} RETURNING r.wax_account, r.code`,
      [rewardId, error],
    )
    return parked && { waxAccount: parked.wax_account, code: parked.code }
  },

  /** Due at once. False when no such reward waits to be paid. */
  async retryNow(tx: Queryable, rewardId: string): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE rewards r SET next_attempt_at = now(), updated_at = now()
        WHERE r.id = $1 AND ${MAY_MAKE.retryNow} RETURNING r.id`,
      [rewardId],
    )
    return rows.length > 0
  },

  /** Shown with its transfer, and looked at again after `checkAfterMs`. */
  async execute(tx: Queryable, rewardIds: string[], checkAfterMs: number): Promise<void> {
    await tx.query(
      `UPDATE rewards r SET status = ${STATUS_AFTER.execute}, last_error = NULL, updated_at = now(),
              next_attempt_at = now() + make_interval(secs => $2)
        WHERE r.id = ANY($1::uuid[]) AND ${MAY_MAKE.execute}`,
      [rewardIds, checkAfterMs / 1000],
    )
  },

  /** Looked at again after `checkAfterMs`; nothing new is said, so its time of change stays. */
  async recheck(tx: Queryable, rewardIds: string[], checkAfterMs: number): Promise<void> {
    await tx.query(
      `UPDATE rewards r SET last_error = NULL, next_attempt_at = now() + make_interval(secs => $2)
        WHERE r.id = ANY($1::uuid[]) AND ${MAY_MAKE.recheck}`,
      [rewardIds, checkAfterMs / 1000],
    )
  },

  /** Paid. Returns the rewards it completed now: a second run finds them completed already. */
  async complete(tx: Queryable, rewardIds: string[]): Promise<Set<string>> {
    const rows = await tx.query<{ id: string }>(
      `UPDATE rewards r SET status = ${STATUS_AFTER.complete}, reason = NULL, last_error = NULL,
              updated_at = now()
        WHERE r.id = ANY($1::uuid[]) AND ${MAY_MAKE.complete} RETURNING r.id`,
      [rewardIds],
    )
    return new Set(rows.map((row) => row.id))
  },

  /** To be paid by a new transfer: those in `due` at once, the others when their lease ends. */
  async lose(tx: Queryable, rewardIds: string[], due: string[]): Promise<void> {
    await tx.query(
      `UPDATE rewards r SET status = ${STATUS_AFTER.lose}, updated_at = now(),
              next_attempt_at = CASE WHEN r.id = ANY($2::uuid[]) THEN now()
                                     ELSE r.next_attempt_at END
        WHERE r.id = ANY($1::uuid[]) AND ${MAY_MAKE.lose}`,
      [rewardIds, due],
    )
  },

  /**
   * Kept on the reward, so it holds on every device of the wallet. False when `waxAccount` has
   * no such rejected reward; a second dismissal (another tab was first) is answered as the first.
   */
  async dismiss(db: Queryable, rewardId: string, waxAccount: string): Promise<boolean> {
    const rows = await db.query(
      `UPDATE rewards r SET dismissed_at = coalesce(r.dismissed_at, now())
        WHERE r.id = $1 AND r.wax_account = $2 AND ${MAY_MAKE.dismiss} RETURNING r.id`,
      [rewardId, waxAccount],
    )
    return rows.length > 0
  },

  async delay(tx: Queryable): Promise<void> {
    await tx.query(`UPDATE rewards r SET delayed = true WHERE ${MAY_MAKE.delay} AND NOT r.delayed`)
  },

  // Only the few delayed rewards are read (rewards_delayed_idx), never every reward ever paid.
  async undelay(tx: Queryable): Promise<void> {
    await tx.query(`UPDATE rewards r SET delayed = false WHERE r.delayed AND ${MAY_MAKE.undelay}`)
  },
} satisfies Record<RewardMove, (db: Queryable, ...rest: never[]) => Promise<unknown>>
