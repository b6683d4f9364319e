import type { PublicConfig } from '@fernwood/protocol'
import { loadConfig } from '../config/store'
import { decoderSettled } from '../qr/decoder'
import { createStore, useStore } from '../store'

// Long enough for the decoder from a nearby server (bench/qr: 50–300 ms), short enough that a slow
// link never holds the dashboard, which takes typed codes without it.
const DECODER_WAIT_MS = 3_000

/** What the dashboard needs before it renders. */
export interface DashboardScreen {
  Dashboard: typeof import('./dashboard/dashboard').Dashboard
  config: PublicConfig
}

export type DashboardScreenState =
  | { status: 'idle' | 'loading' }
  | ({ status: 'ready' } & DashboardScreen)
  | { status: 'failed'; error: unknown }

const state = createStore<DashboardScreenState>({ status: 'idle' })
let loading: Promise<DashboardScreen> | undefined

/**
 * The dashboard, ready to render: its chunk, the deployment's config and the QR decoder (the
 * spec's loading rule), though no longer than DECODER_WAIT_MS for the decoder, which typed codes
 * do without. All stay out of the login screen's JavaScript. Loaded once; a failure is kept for
 * the screen to report, and the next call tries again.
 */
export function loadDashboardScreen(): Promise<DashboardScreen> {
  loading ??= (async () => {
    state.set({ status: 'loading' })
    try {
      const [{ Dashboard }, config] = await Promise.all([
        import('./dashboard/dashboard'),
        loadConfig(),
        decoderSettled(DECODER_WAIT_MS),
      ])
      state.set({ status: 'ready', Dashboard, config })
      return { Dashboard, config }
    } catch (error) {
      loading = undefined
      state.set({ status: 'failed', error })
      throw error
    }
  })()
  return loading
}

export function useDashboardScreen(): DashboardScreenState {
  return useStore(state)
}
