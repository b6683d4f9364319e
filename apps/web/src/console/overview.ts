import type { AdminOverview } from '@fernwood/protocol/admin'
import { createStore, useStore } from '../store'

export interface OverviewState {
  overview: AdminOverview | undefined
  /** false while the stream is down; EventSource reconnects by itself */
  connected: boolean
}

const state = createStore<OverviewState>({ overview: undefined, connected: false })

/**
 * Follows `/api/admin/live`: every `overview` event replaces the console's whole picture, so a
 * reconnect needs nothing but the next one. Returns the function that stops following.
 */
export function followOverview(): () => void {
  const stream = new EventSource('/api/admin/live')
  stream.addEventListener('overview', (event) => {
    const overview = JSON.parse((event as MessageEvent<string>).data) as AdminOverview
    state.set({ overview, connected: true })
  })
  stream.addEventListener('error', () => state.set({ ...state.get(), connected: false }))
  return () => stream.close()
}

export function useOverview(): OverviewState {
  return useStore(state)
}
