import type { LiveSnapshot, PendingReward, RewardHistoryEntry } from '@fernwood/protocol'
import { fetchSession } from '../api/session'
import {
  checkSession,
  getSessionState,
  subscribe as subscribeSession,
  updateUser,
} from '../session/store'
import { createStore, useStore } from '../store'

/**
 * What the server last told us about the signed-in visitor's rewards, both lists newest first as
 * `GET /api/live` sends them. `received` is false until the first snapshot of this visit.
 */
export interface LiveState {
  received: boolean
  pending: PendingReward[]
  history: RewardHistoryEntry[]
}

const EMPTY: LiveState = { received: false, pending: [], history: [] }
// Used when the server's own retry hint cannot apply: the stream was refused, not dropped.
const REOPEN_DELAY_MS = 3_000

const live = createStore<LiveState>(EMPTY)
let source: EventSource | undefined
let reopenTimer: ReturnType<typeof setTimeout> | undefined

function applySnapshot(snapshot: LiveSnapshot): void {
  const session = getSessionState()
  // The user document is live too: a wallet bound elsewhere brings up the dashboard here.
  if (
    session.status === 'signedIn' &&
    (session.user.id !== snapshot.user.id || session.user.waxAccount !== snapshot.user.waxAccount)
  ) {
    updateUser(snapshot.user)
  }
  live.set({ received: true, pending: snapshot.pending, history: snapshot.history })
}

function open(): void {
  if (source) return
  const stream = new EventSource('/api/live')
  source = stream
  stream.addEventListener('snapshot', (event) => {
    applySnapshot(JSON.parse((event as MessageEvent<string>).data) as LiveSnapshot)
  })
  stream.addEventListener('error', () => {
    // EventSource reconnects by itself after a dropped stream; CLOSED means the server refused it
    // (an ended session answers 401), which it will not retry.
    if (stream.readyState === EventSource.CLOSED) void recoverRefusedStream(stream)
  })
}

async function recoverRefusedStream(stream: EventSource): Promise<void> {
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
    if (getSessionState().status === 'signedIn') open()
  }, REOPEN_DELAY_MS)
}

function close(): void {
  clearTimeout(reopenTimer)
  reopenTimer = undefined
  source?.close()
  source = undefined
}

/** Follows the session: the feed runs while someone is signed in, and forgets everything after. */
function followSession(): void {
  const session = getSessionState()
  if (session.status === 'signedIn') {
    open()
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
