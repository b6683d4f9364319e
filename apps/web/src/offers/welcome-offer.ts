import type { ClaimPreview } from '@fernwood/protocol'
import { useEffect } from 'react'
import { fetchClaimPreview } from '../api/claims'
import { loadConfig } from '../config/store'
import { createStore, useStore } from '../store'

/** The welcome reward on offer to anyone: its code (the spec's, public in Help) and what it pays. */
export interface WelcomeOffer {
  code: string
  preview: ClaimPreview
}

const offer = createStore<WelcomeOffer | undefined>(undefined)
let asked = false

/**
 * What the welcome code pays, read as its claim link's page reads it (`GET /api/claims/{code}`):
 * the code is public, so its preview tells no one more than Help does. Asked once per page; an
 * offer that cannot be read (offline, too many looks) or pays nothing now is simply not shown.
 */
async function readWelcomeOffer(): Promise<void> {
  if (asked) return
  asked = true
  try {
    const { welcomeCode } = await loadConfig()
    const preview = await fetchClaimPreview(welcomeCode)
    if (preview.state === 'open') offer.set({ code: welcomeCode, preview })
  } catch {
    // Nothing to offer: the first screen reads as it did before.
  }
}

/** The welcome offer for a screen that shows it: undefined until read, and when there is none. */
export function useWelcomeOffer(): WelcomeOffer | undefined {
  useEffect(() => {
    void readWelcomeOffer()
  }, [])
  return useStore(offer)
}
