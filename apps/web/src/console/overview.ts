import type { AdminCampaign, AdminOverview } from '@fernwood/protocol/admin'
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

/**
 * Shows a campaign as the server answered this console's own change of it (an edit, a close, a
 * reopen) without waiting for the next overview, which a busy server reads later: an operator who
 * opens Edit again at once starts from what they saved. An overview read before the change may
 * still arrive after it; the one the change itself announces follows and agrees.
 */
export function showCampaign(campaign: AdminCampaign): void {
  const { overview } = state.get()
  if (overview) state.set({ ...state.get(), overview: withCampaign(overview, campaign) })
}

/**
 * `overview` with `campaign` in place of the one of its slug. The answer is the database's: the
 * chain's figures of an NFT campaign (its template's supply, its pool) stay as last heard.
 */
export function withCampaign(overview: AdminOverview, campaign: AdminCampaign): AdminOverview {
  const campaigns = overview.campaigns.map((shown) => {
    if (shown.slug !== campaign.slug) return shown
    const { nftSupply, nftPoolSize } = shown
    return {
      ...campaign,
      ...(nftSupply && { nftSupply }),
      ...(nftPoolSize !== undefined && { nftPoolSize }),
    }
  })
  return { ...overview, campaigns }
}
