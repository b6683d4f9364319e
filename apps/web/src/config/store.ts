import type { PublicConfig } from '@fernwood/protocol'
import { useSyncExternalStore } from 'react'
import { fetchPublicConfig } from '../api/config'

/**
 * The deployment's public facts (names, chain, links), fetched once at start in parallel with the
 * session check. Screens that need them before they arrive render their defaults.
 */
let config: PublicConfig | undefined
const listeners = new Set<() => void>()

/** Resolves once `/api/config` has answered; a failure rejects, and the next call retries. */
let loading: Promise<PublicConfig> | undefined
export function loadConfig(): Promise<PublicConfig> {
  loading ??= fetchPublicConfig().then(
    (loaded) => {
      config = loaded
      for (const listener of listeners) listener()
      return loaded
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getConfig(): PublicConfig | undefined {
  return config
}

export function useConfig(): PublicConfig | undefined {
  return useSyncExternalStore(subscribe, getConfig)
}
