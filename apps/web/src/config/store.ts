import type { PublicConfig } from '@fernwood/protocol'
import { fetchPublicConfig } from '../api/config'

let loading: Promise<PublicConfig> | undefined

/**
 * The deployment's public facts (names, chain, links), fetched once, from the start of the page
 * and in parallel with the session check; whoever needs them awaits this. A failure rejects, and
 * the next call asks again.
 */
export function loadConfig(): Promise<PublicConfig> {
  loading ??= fetchPublicConfig().catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}
