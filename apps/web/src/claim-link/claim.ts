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
  /** the server could not say (offline, too many looks): it can still be claimed, unseen */
  | { status: 'unseen'; code: string }
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
      claim.set({ status: 'unseen', code })
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

/** Whether a claim waits that the visitor can take: one that can pay now, or one not yet seen. */
export function claimable(current: Claim): current is Extract<Claim, { code: string }> {
  if (current.status === 'previewed') return current.preview.state === 'open'
  return current.status === 'previewing' || current.status === 'unseen'
}

// 'Enter the Forest' pressed under a claim's reward: connecting the wallet is the next step.
let walletNext = false

/** Marks that the visitor entered to claim, so the wallet's dialog opens without another tap. */
export function enteredToClaim(): void {
  walletNext = true
}

/** True once after `enteredToClaim`: the connect screen opens the wallet's dialog by itself. */
export function takeWalletNext(): boolean {
  const next = walletNext
  walletNext = false
  return next
}
