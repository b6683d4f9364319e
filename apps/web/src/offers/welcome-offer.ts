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

/**
 * How long the first screen waits for the offer. It waits rather than have its card arrive
 * after it shows and move 'Enter the Forest' under a visitor's finger (or a test's click); an
 * offer read later than this is left out for the same reason.
 */
const OFFER_WAIT_MS = 4_000

/** undefined while read, null when there is none to show */
const offer = createStore<WelcomeOffer | null | undefined>(undefined)
let asked = false

/**
 * What the welcome code pays, read as its claim link's page reads it (`GET /api/claims/{code}`):
 * the code is public, so its preview tells no one more than Help does. Asked once per page; an
 * offer that cannot be read (offline, too many looks) or pays nothing now is simply not shown.
 */
async function readWelcomeOffer(): Promise<void> {
  if (asked) return
  asked = true
  const giveUp = setTimeout(() => offer.set(null), OFFER_WAIT_MS)
  let read: WelcomeOffer | null = null
  try {
    const { welcomeCode } = await loadConfig()
    const preview = await fetchClaimPreview(welcomeCode)
    if (preview.state === 'open') read = { code: welcomeCode, preview }
  } catch {
    // Nothing to offer: the first screen reads as it did before.
  }
  clearTimeout(giveUp)
  if (offer.get() === undefined) offer.set(read)
}

/** The welcome offer for a screen that shows it: undefined until read, null when there is none. */
export function useWelcomeOffer(): WelcomeOffer | null | undefined {
  useEffect(() => {
    void readWelcomeOffer()
  }, [])
  return useStore(offer)
}
