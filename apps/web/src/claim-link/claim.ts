import type { ClaimPreview } from '@fernwood/protocol'
import { fetchClaimPreview } from '../api/claims'
import { ApiError } from '../api/client'
import { createStore, useStore } from '../store'
import { forgetWaitingClaim, waitingClaimCode } from './waiting-claim'

/** The claim link waiting in this tab, and what it pays as far as the server has said. */
export type Claim =
  | { status: 'none' }
  /** the server is asked what it pays */
  | { status: 'previewing'; code: string }
  /** what it pays; `preview.state` says whether it can pay now */
  | { status: 'previewed'; code: string; preview: ClaimPreview }
  /**
   * the server could not say (offline, too many looks, the address locked out for unknown codes):
   * `error` says why; nothing is offered until it has said, which 'Try again' asks once more
   */
  | { status: 'unread'; code: string; error: unknown }
  /** the link's code pays nothing (unknown, or used up): nothing waits any more */
  | { status: 'notFound' }

const claim = createStore<Claim>({ status: 'none' })

/** Asks what the waiting claim link pays, if one waits; run at start, beside the session check. */
export async function previewWaitingClaim(): Promise<void> {
  const code = waitingClaimCode()
  if (code === undefined) return
  claim.set({ status: 'previewing', code })
  try {
    const preview = await fetchClaimPreview(code)
    if (isStill(code)) claim.set({ status: 'previewed', code, preview })
  } catch (error) {
    if (!isStill(code)) return
    if (error instanceof ApiError && error.code === 'CLAIM_NOT_FOUND') {
      forgetWaitingClaim()
      claim.set({ status: 'notFound' })
    } else {
      claim.set({ status: 'unread', code, error })
    }
  }
}

const isStill = (code: string) => {
  const current = claim.get()
  return current.status === 'previewing' && current.code === code
}

/** The claim is over: claimed, put off, or the visitor left. */
export function endClaim(): void {
  forgetWaitingClaim()
  claim.set({ status: 'none' })
}

export function useClaim(): Claim {
  return useStore(claim)
}

/** The claim waiting now, for modules outside React. */
export const waitingClaim = claim.get
export const subscribeClaim = claim.subscribe

/**
 * Whether a claim waits that the visitor can take: one the server has said pays now. A link whose
 * reward could not be read offers nothing, so nobody claims what they were never shown.
 */
export function claimable(current: Claim): current is Extract<Claim, { status: 'previewed' }> {
  return current.status === 'previewed' && current.preview.state === 'open'
}
