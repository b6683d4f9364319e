import type { LiveEvent, RewardsResponse, User } from '@fernwood/protocol'
import { api } from '../api/client'
import { fetchSession } from '../api/session'
import {
  checkSession,
  getSessionState,
  subscribe as subscribeSession,
  updateUser,
} from '../session/store'
import { createStore, useStore } from '../store'
import { type EventStream, openEventStream } from './event-stream'
import {
  appendOlderHistory,
  appendOlderPending,
  applyLiveEvent,
  EMPTY_FEED,
  type FeedState,
  LIVE_EVENT_TYPES,
} from './feed'

export type LiveState = FeedState
const EMPTY = EMPTY_FEED
// Used when the server's own retry hint cannot apply: the stream was refused, not dropped.
const REOPEN_DELAY_MS = 3_000

const live = createStore<LiveState>(EMPTY)
let source: EventStream | undefined
let reopenTimer: ReturnType<typeof setTimeout> | undefined
/**
 * Whom the open stream serves: the user it was opened for, then as its own events say. A wallet
 * login here replaces the session, and the server ends the streams of the session it replaced; by
 * the time the login's answer names a different user (its new cookie set), this stream is that
 * old one, which EventSource would come back to only after the server's pause.
 */
let streamUser: Pick<User, 'id' | 'waxAccount'> | undefined

/** The user document is live too: a wallet bound elsewhere brings up the dashboard here. */
function followUser(user: User): void {
  const session = getSessionState()
  if (
    session.status === 'signedIn' &&
    (session.user.id !== user.id || session.user.waxAccount !== user.waxAccount)
  ) {
    updateUser(user)
  }
}

function apply(event: LiveEvent): void {
  if (event.type === 'snapshot' || event.type === 'user') {
    streamUser = event.data.user
    followUser(event.data.user)
  }
  live.set(applyLiveEvent(live.get(), event))
}

function open(user: User): void {
  if (source) return
  streamUser = user
  // A dropped stream resumes from the last event it saw, and the server sends what was missed:
  // the state here stays as it is meanwhile.
  const stream = openEventStream('/api/live', {
    events: Object.fromEntries(
      LIVE_EVENT_TYPES.map((type) => [type, (data) => apply({ type, data } as LiveEvent)]),
    ),
    // An ended session answers 401.
    onRefused: () => void recoverRefusedStream(stream),
  })
  source = stream
}

async function recoverRefusedStream(stream: EventStream): Promise<void> {
  if (source !== stream) return
  source = undefined
  const user = await fetchSession().catch(() => undefined)
  if (user === null) {
    // The session ended on the server: let the session store say so, which closes the feed.
    await checkSession().catch(() => {})
    return
  }
  if (user) updateUser(user)
  reopenTimer = setTimeout(() => {
    reopenTimer = undefined
    const session = getSessionState()
    if (session.status === 'signedIn') open(session.user)
  }, REOPEN_DELAY_MS)
}

function close(): void {
  clearTimeout(reopenTimer)
  reopenTimer = undefined
  source?.close()
  source = undefined
  streamUser = undefined
}

const sameUser = (a: Pick<User, 'id' | 'waxAccount'>, b: Pick<User, 'id' | 'waxAccount'>) =>
  a.id === b.id && a.waxAccount === b.waxAccount

/** Follows the session: the feed runs while someone is signed in, and forgets everything after. */
function followSession(): void {
  const session = getSessionState()
  if (session.status === 'signedIn') {
    // A user the stream did not bring is a session this page replaced: its cookie is set now, so
    // a stream opened at once is the new session's.
    if (source && streamUser && !sameUser(streamUser, session.user)) close()
    open(session.user)
  } else {
    close()
    if (live.get() !== EMPTY) live.set(EMPTY)
  }
}

let started = false

/**
 * Runs the feed for as long as the page lives, following the session: the connect-wallet screen
 * needs it too, since the dashboard appears once the user document names a wax account.
 */
export function startLiveFeed(): void {
  if (started) return
  started = true
  subscribeSession(followSession)
  followSession()
}

export function useLive(): LiveState {
  return useStore(live)
}

/** The page of each list being fetched, so that asking again while it comes fetches nothing. */
const loadingOlder = { pending: null as string | null, history: null as string | null }

/** Fetches the page of Activity older than the one last held; once per page, however often asked. */
export function loadOlderActivity(): Promise<void> {
  return loadOlder('pending')
}

/** Fetches the page of history older than the one last held; once per page, however often asked. */
export function loadOlderHistory(): Promise<void> {
  return loadOlder('history')
}

async function loadOlder(list: 'pending' | 'history'): Promise<void> {
  const state = live.get()
  const before = list === 'pending' ? state.olderPending : state.olderHistory
  if (!before || loadingOlder[list] === before) return
  loadingOlder[list] = before
  try {
    const page = await api.get<RewardsResponse>(
      `/api/rewards?${list}Before=${encodeURIComponent(before)}`,
    )
    live.set(
      list === 'pending'
        ? appendOlderPending(live.get(), before, page)
        : appendOlderHistory(live.get(), before, page),
    )
  } finally {
    loadingOlder[list] = null
  }
}
