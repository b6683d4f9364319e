import type { AdminOverview } from '@fernwood/protocol/admin'
import { openEventStream, type StreamConnection } from '../live/event-stream'
import { createStore, useStore } from '../store'

export interface OverviewState {
  overview: AdminOverview | undefined
  connection: StreamConnection
}

const state = createStore<OverviewState>({ overview: undefined, connection: 'connecting' })

/**
 * Follows `/api/admin/live`: every `overview` event replaces the console's whole picture, so a
 * reconnect needs nothing but the next one. A refused stream is left so: what refuses it, the
 * session ending or its wallet changing, reaches the console through the session store, which the
 * visitor's feed keeps up to date. Returns the function that stops following.
 */
export function followOverview(): () => void {
  const stream = openEventStream('/api/admin/live', {
    events: {
      overview: (overview) => state.set({ ...state.get(), overview: overview as AdminOverview }),
    },
    onConnection: (connection) => state.set({ ...state.get(), connection }),
  })
  return () => stream.close()
}

export function useOverview(): OverviewState {
  return useStore(state)
}
