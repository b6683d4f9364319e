import type {
  EarnedTotal,
  LiveEvent,
  PendingReward,
  RewardHistoryEntry,
  RewardsResponse,
} from '@fernwood/protocol'

/**
 * What the server last told us about the signed-in visitor's rewards, both lists newest first
 * and both paged. `received` is false until the first snapshot of this visit, and `account` is
 * the wax account that snapshot's lists are of: a wallet bound meanwhile has lists not known
 * until its own snapshot comes, and an empty list means "none" only then; `olderPending` and
 * `olderHistory` fetch the page after the last one held of each list (null once its first entry
 * ever is held); `earned` is the whole history's total per token, which the pages held need not
 * add up to.
 */
export interface FeedState {
  received: boolean
  account: string | null
  pending: PendingReward[]
  olderPending: string | null
  history: RewardHistoryEntry[]
  olderHistory: string | null
  earned: EarnedTotal[]
}

/** Every `event:` name of the feed (the protocol's `LiveEvent`), to listen for each. */
export const LIVE_EVENT_TYPES = [
  'snapshot',
  'reward',
  'paid',
  'user',
] as const satisfies ReadonlyArray<LiveEvent['type']>

export const EMPTY_FEED: FeedState = {
  received: false,
  account: null,
  pending: [],
  olderPending: null,
  history: [],
  olderHistory: null,
  earned: [],
}

/** Whether `state` holds the lists of `account`, so that an empty one means it has none. */
export function listsKnownFor(state: FeedState, account: string): boolean {
  return state.received && state.account === account
}

/**
 * The state after one event of the live feed. Each delta carries the thing it is about as it is
 * now, so applying one twice (a resumed stream may repeat one) changes nothing. A `user` event
 * changes no list: the session store follows the user.
 */
export function applyLiveEvent(state: FeedState, event: LiveEvent): FeedState {
  switch (event.type) {
    case 'snapshot':
      return {
        received: true,
        account: event.data.user.waxAccount,
        pending: event.data.pending,
        olderPending: event.data.olderPending,
        history: event.data.history,
        olderHistory: event.data.olderHistory,
        earned: event.data.earned,
      }
    case 'reward': {
      const { reward } = event.data
      // A dismissed rejection leaves the list, here as on the visitor's other devices.
      if (reward.dismissed) {
        return { ...state, pending: state.pending.filter(({ id }) => id !== reward.id) }
      }
      return {
        ...state,
        pending: upsert(state.pending, reward, newerReward, state.olderPending !== null),
      }
    }
    case 'paid':
      return {
        ...state,
        pending: state.pending.filter((reward) => reward.id !== event.data.rewardId),
        history: upsert(state.history, event.data.entry, newerEntry, state.olderHistory !== null),
        earned: event.data.earned,
      }
    case 'user':
      return state
  }
}

/**
 * Adds a page of older Activity fetched with `before`; a page that no longer follows on (a
 * snapshot replaced the lists meanwhile) is dropped.
 */
export function appendOlderPending(
  state: FeedState,
  before: string,
  page: Pick<RewardsResponse, 'pending' | 'olderPending'>,
): FeedState {
  if (state.olderPending !== before) return state
  return {
    ...state,
    pending: appendUnheld(state.pending, page.pending),
    olderPending: page.olderPending,
  }
}

/**
 * Adds a page of older history fetched with `before`; a page that no longer follows on (a
 * snapshot replaced the lists meanwhile) is dropped.
 */
export function appendOlderHistory(
  state: FeedState,
  before: string,
  page: Pick<RewardsResponse, 'history' | 'olderHistory'>,
): FeedState {
  if (state.olderHistory !== before) return state
  return {
    ...state,
    history: appendUnheld(state.history, page.history),
    olderHistory: page.olderHistory,
  }
}

/** `list` and then the entries of `page` it does not hold yet (a delta may have brought some). */
function appendUnheld<T extends { id: string }>(list: T[], page: T[]): T[] {
  const held = new Set(list.map(({ id }) => id))
  return [...list, ...page.filter(({ id }) => !held.has(id))]
}

/** Newest first: by time, then by id as the server orders them. */
const newerReward = (a: PendingReward, b: PendingReward) =>
  a.createdAt !== b.createdAt ? a.createdAt > b.createdAt : a.id > b.id
const newerEntry = (a: RewardHistoryEntry, b: RewardHistoryEntry) =>
  a.timestamp !== b.timestamp ? a.timestamp > b.timestamp : a.id > b.id

/**
 * `list` with `item` replacing the one of its id in place, or inserted where it sorts. An item
 * older than every one held while `olderPagesRemain` belongs to a page not fetched yet, which
 * will bring it: it is left out rather than shown out of place.
 */
function upsert<T extends { id: string }>(
  list: T[],
  item: T,
  newer: (a: T, b: T) => boolean,
  olderPagesRemain: boolean,
): T[] {
  const index = list.findIndex((existing) => existing.id === item.id)
  if (index !== -1) return list.with(index, item)
  const at = list.findIndex((existing) => newer(item, existing))
  if (at !== -1) return list.toSpliced(at, 0, item)
  return olderPagesRemain ? list : [...list, item]
}
