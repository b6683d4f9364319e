import type { PublicConfig } from '@fernwood/protocol'
import { fetchPublicConfig } from '../api/config'
import { createStore, useStore } from '../store'

/**
 * The deployment's public facts (names, chain, links), fetched once at start in parallel with the
 * session check. Screens that need them before they arrive render their defaults.
 */
const config = createStore<PublicConfig | undefined>(undefined)

/** Resolves once `/api/config` has answered; a failure rejects, and the next call retries. */
let loading: Promise<PublicConfig> | undefined
export function loadConfig(): Promise<PublicConfig> {
  loading ??= fetchPublicConfig().then(
    (loaded) => {
      config.set(loaded)
      return loaded
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

export function useConfig(): PublicConfig | undefined {
  return useStore(config)
}
