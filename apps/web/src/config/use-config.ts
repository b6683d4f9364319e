import type { PublicConfig } from '@fernwood/protocol'
import { useEffect, useState } from 'react'
import { loadConfig } from './store'

/**
 * The deployment's public config for a component that can wait for it: undefined until it has
 * loaded, and while it cannot be (the screens report that failure; a part of one shows nothing).
 */
export function useConfig(): PublicConfig | undefined {
  const [config, setConfig] = useState<PublicConfig | undefined>(undefined)
  useEffect(() => {
    let current = true
    loadConfig().then(
      (loaded) => current && setConfig(loaded),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [])
  return config
}
