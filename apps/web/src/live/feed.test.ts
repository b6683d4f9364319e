import type { EarnedTotal, LiveEvent, PendingReward, RewardHistoryEntry } from '@fernwood/protocol'
import { describe, expect, it } from 'vitest'
import {
  appendOlderHistory,
  appendOlderPending,
  applyLiveEvent,
  EMPTY_FEED,
  type FeedState,
  listsKnownFor,
} from './feed'

const user = { id: '00000000-0000-4000-8000-000000000001', waxAccount: 'alice.wam' }

function reward(n: number, status: PendingReward['status'] = 'pending'): PendingReward {
  return {
    id: `00000000-0000-4000-8000-1000000000${String(n).padStart(2, '0')}`,
    code: `code-${n}`,
    status,
    reason: null,
    createdAt: `2026-01-01T00:00:${String(n).padStart(2, '0')}.000Z`,
  }
}

function entry(n: number): RewardHistoryEntry {
  return {
    id: `00000000-0000-4000-8000-2000000000${String(n).padStart(2, '0')}`,
    code: `code-${n}`,
    amount: '10.0000',
    token: 'FERN',
    transactionId: 'ab'.repeat(32),
    timestamp: `2026-01-01T00:01:${String(n).padStart(2, '0')}.000Z`,
  }
}

const snapshot = (
  pending: PendingReward[],
  history: RewardHistoryEntry[],
  olderHistory: string | null = null,
  earned: EarnedTotal[] = [],
  olderPending: string | null = null,
): LiveEvent => ({
  type: 'snapshot',
  data: { user, pending, olderPending, history, olderHistory, earned },
})

const snapshotLists = () => ({
  pending: [],
  olderPending: null,
  history: [],
  olderHistory: null,
  earned: [],
})

const applyAll = (events: LiveEvent[], from: FeedState = EMPTY_FEED) =>
  events.reduce(applyLiveEvent, from)

describe('the live feed’s state', () => {
  it('a snapshot replaces everything and marks the feed received', () => {
    const state = applyAll([
      snapshot([reward(1)], [entry(1)]),
      snapshot([reward(2)], [entry(3), entry(2)], 'older', [], 'older-activity'),
    ])
    expect(state).toEqual({
      received: true,
      account: 'alice.wam',
      pending: [reward(2)],
      olderPending: 'older-activity',
      history: [entry(3), entry(2)],
      olderHistory: 'older',
      earned: [],
    })
  })

  it('knows the lists of the account its last snapshot was of, and no other', () => {
    const beforeTheWallet: LiveEvent = {
      type: 'snapshot',
      data: { user: { ...user, waxAccount: null }, ...snapshotLists() },
    }
    const bound = applyAll([beforeTheWallet, { type: 'user', data: { user } }])
    expect(listsKnownFor(EMPTY_FEED, 'alice.wam')).toBe(false)
    // The wallet is bound, its snapshot not come yet: its empty lists are not known to be empty.
    expect(listsKnownFor(bound, 'alice.wam')).toBe(false)
    expect(listsKnownFor(applyLiveEvent(bound, snapshot([], [])), 'alice.wam')).toBe(true)
  })

  it('deltas applied in order: submitted, processing, paid', () => {
    const state = applyAll([
      snapshot([reward(1)], [entry(1)]),
      { type: 'reward', data: { reward: reward(2) } },
      { type: 'reward', data: { reward: reward(2, 'processing') } },
      {
        type: 'paid',
        data: {
          rewardId: reward(2).id,
          entry: { ...entry(2), code: 'code-2' },
          earned: [{ amount: '20.0000', token: 'FERN' }],
        },
      },
    ])
    expect(state.pending).toEqual([reward(1)])
    expect(state.history.map(({ code }) => code)).toEqual(['code-2', 'code-1'])
    expect(state.earned).toEqual([{ amount: '20.0000', token: 'FERN' }])
  })

  it('a new reward goes where it sorts, newest first; a changed one stays in place', () => {
    const state = applyAll([
      snapshot([reward(5), reward(1)], []),
      { type: 'reward', data: { reward: reward(3) } },
      { type: 'reward', data: { reward: reward(9) } },
      { type: 'reward', data: { reward: { ...reward(1), status: 'rejected', reason: 'Nope' } } },
    ])
    expect(state.pending.map(({ code }) => code)).toEqual(['code-9', 'code-5', 'code-3', 'code-1'])
    expect(state.pending[3]).toMatchObject({ status: 'rejected', reason: 'Nope' })
  })

  it('an event received twice (a resumed stream) changes nothing more', () => {
    const events: LiveEvent[] = [
      snapshot([reward(1)], []),
      { type: 'reward', data: { reward: reward(2) } },
      {
        type: 'paid',
        data: {
          rewardId: reward(1).id,
          entry: entry(1),
          earned: [{ amount: '10.0000', token: 'FERN' }],
        },
      },
    ]
    const once = applyAll(events)
    expect(applyAll(events.slice(1), once)).toEqual(once)
  })

  it('a dismissed rejection leaves the list, and its repeat changes nothing', () => {
    const rejected = { ...reward(2), status: 'rejected' as const, reason: 'Nope' }
    const dismissed: LiveEvent = {
      type: 'reward',
      data: { reward: { ...rejected, dismissed: true } },
    }
    const state = applyAll([snapshot([reward(1), rejected], []), dismissed])
    expect(state.pending.map(({ id }) => id)).toEqual([reward(1).id])
    expect(applyLiveEvent(state, dismissed)).toEqual(state)
  })

  it('a user event leaves the lists as they are', () => {
    const before = applyAll([snapshot([reward(1)], [entry(1)])])
    expect(applyLiveEvent(before, { type: 'user', data: { user } })).toBe(before)
  })
})

describe('older history', () => {
  it('a page fetched with the held cursor is appended, without repeating an entry', () => {
    const state = applyAll([snapshot([], [entry(9), entry(8)], 'cursor-8')])
    const next = appendOlderHistory(state, 'cursor-8', {
      history: [entry(8), entry(7), entry(6)],
      olderHistory: null,
    })
    expect(next.history.map(({ code }) => code)).toEqual(['code-9', 'code-8', 'code-7', 'code-6'])
    expect(next.olderHistory).toBeNull()
  })

  it('a page that no longer follows on (a snapshot arrived meanwhile) is dropped', () => {
    const state = applyAll([snapshot([], [entry(9)], 'cursor-new')])
    expect(
      appendOlderHistory(state, 'cursor-old', { history: [entry(1)], olderHistory: null }),
    ).toBe(state)
  })
})

describe('older Activity', () => {
  it('a page fetched with the held cursor is appended, without repeating a reward', () => {
    const state = applyAll([snapshot([reward(9), reward(8)], [], null, [], 'cursor-8')])
    const next = appendOlderPending(state, 'cursor-8', {
      pending: [reward(8), reward(7)],
      olderPending: null,
    })
    expect(next.pending.map(({ code }) => code)).toEqual(['code-9', 'code-8', 'code-7'])
    expect(next.olderPending).toBeNull()
    expect(appendOlderPending(next, 'cursor-8', { pending: [reward(1)], olderPending: null })).toBe(
      next,
    )
  })

  it('a change to a reward older than every one held waits for its page while older pages remain', () => {
    const paged = applyAll([snapshot([reward(9), reward(8)], [], null, [], 'cursor-8')])
    const oldOne: LiveEvent = { type: 'reward', data: { reward: reward(3, 'processing') } }
    expect(applyLiveEvent(paged, oldOne).pending.map(({ code }) => code)).toEqual([
      'code-9',
      'code-8',
    ])
    // The whole list held: it is shown where it sorts.
    const whole = applyAll([snapshot([reward(9), reward(8)], [])])
    expect(applyLiveEvent(whole, oldOne).pending.map(({ code }) => code)).toEqual([
      'code-9',
      'code-8',
      'code-3',
    ])
    // A newer one is shown either way.
    const newer: LiveEvent = { type: 'reward', data: { reward: reward(10) } }
    expect(applyLiveEvent(paged, newer).pending.map(({ code }) => code)).toEqual([
      'code-10',
      'code-9',
      'code-8',
    ])
  })
})
