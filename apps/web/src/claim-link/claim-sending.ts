import type { ClaimPreview, PendingReward } from '@fernwood/protocol'
import { ApiError } from '../api/client'
import { currentLanguage, currentTexts } from '../i18n/current'
import type { HumanCheckProgress } from '../rewards/human-check'
import { beginOwnOutcome } from '../rewards/own-outcome'
import { rejectionText } from '../rewards/rule-wording'
import { submitCode } from '../rewards/submit-code'
import { getSessionState, subscribe as subscribeSession } from '../session/store'
import { createStore, useStore } from '../store'
import { errorMessage } from '../ui/error-message'
import { type Claim, claimable, endClaim, subscribeClaim, waitingClaim } from './claim'
import { forgetWaitingClaim } from './waiting-claim'

/** Where the visitor's claim of the waiting claim link stands, from their tap to its reward. */
export type ClaimSending =
  | { status: 'idle' }
  /** the visitor tapped to claim; it goes as soon as their wallet is connected */
  | { status: 'requested' }
  | { status: 'sending'; checking: HumanCheckProgress }
  /**
   * refused, in the words of the language shown when the answer came; `final` when trying again
   * cannot help (a duplicate, a rejection), else the claim still waits to be tried again
   */
  | { status: 'refused'; message: string; final: boolean }
  /** taken: the success moment shows `reward` live until the visitor dismisses it */
  | { status: 'claimed'; reward: PendingReward; preview: ClaimPreview; account: string }

const sending = createStore<ClaimSending>({ status: 'idle' })

// Refusals no second try changes: the code is spent for this wallet, or was never one.
const FINAL_REFUSALS = new Set(['CODE_DUPLICATE', 'CODE_INVALID'])

// While the success moment shows, nothing of the app's own accord ('Claim Complete!') covers it.
let momentShown: (() => void) | undefined

function set(next: ClaimSending): void {
  if (next.status === 'claimed') momentShown ??= beginOwnOutcome()
  else {
    momentShown?.()
    momentShown = undefined
  }
  sending.set(next)
}

export function useClaimSending(): ClaimSending {
  return useStore(sending)
}

/**
 * The one tap on a claim link's page ('Claim 25 FERN'): the claim is to go as soon as a wallet is
 * connected, however many screens come first (entering, the wallet's dialog, closing it and
 * 'Connect WAX Wallet' again). Already connected, it goes now.
 */
export function requestClaim(): void {
  if (!claimable(waitingClaim())) return
  set({ status: 'requested' })
  sendIfConnected()
}

/** Claims the waiting claim link now, with the wallet connected ('Claim 25 FERN', 'Try again'). */
export function claimNow(): Promise<void> {
  return send(waitingClaim())
}

/** The success moment dismissed, or a final refusal read: back to the dashboard as it was. */
export function closeClaim(): void {
  const { status } = sending.get()
  if (status === 'idle') return
  if (status !== 'claimed') endClaim()
  set({ status: 'idle' })
}

/** The wallet's account once the visitor's wallet is connected, else undefined. */
function connectedAccount(): string | undefined {
  const session = getSessionState()
  return session.status === 'signedIn' ? (session.user.waxAccount ?? undefined) : undefined
}

function sendIfConnected(): void {
  if (sending.get().status === 'requested' && connectedAccount()) void send(waitingClaim())
}

async function send(claim: Claim): Promise<void> {
  const account = connectedAccount()
  if (!account || sending.get().status === 'sending') return
  // No longer payable (ended, spent, left) by the time the wallet connected: nothing goes.
  if (!claimable(claim)) return set({ status: 'idle' })
  const { code, preview } = claim
  set({ status: 'sending', checking: 'idle' })
  const progress = (checking: HumanCheckProgress) => {
    if (sending.get().status === 'sending') set({ status: 'sending', checking })
  }
  try {
    const reward = await submitCode(code, progress)
    if (reward.status === 'rejected') {
      const texts = currentTexts()
      forgetWaitingClaim()
      set({
        status: 'refused',
        message: texts.codeRejected(rejectionText(reward, texts, currentLanguage())),
        final: true,
      })
      return
    }
    endClaim()
    set({ status: 'claimed', reward, preview, account })
  } catch (error) {
    const final = error instanceof ApiError && FINAL_REFUSALS.has(error.code)
    if (final) forgetWaitingClaim()
    set({ status: 'refused', message: errorMessage(error), final })
  }
}

let started = false

/**
 * Run once at start: a requested claim goes as soon as the session shows a connected wallet (by
 * the kit's dialog here, or bound in another tab); leaving the forest, or the claim link going,
 * drops whatever was under way, but never the success moment of a claim taken.
 */
export function startOneTapClaim(): void {
  if (started) return
  started = true
  subscribeSession(() => {
    if (getSessionState().status === 'signedOut') set({ status: 'idle' })
    else sendIfConnected()
  })
  subscribeClaim(() => {
    const { status } = sending.get()
    if (waitingClaim().status === 'none' && (status === 'requested' || status === 'refused')) {
      set({ status: 'idle' })
    }
  })
}
