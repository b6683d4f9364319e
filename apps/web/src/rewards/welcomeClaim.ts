import type { RewardHistoryEntry } from '@fernwood/protocol'
import { getSessionState, subscribe as subscribeSession } from '../session/store'

// Holds the id of the anonymous user the popup was shown to, so a new sign-in in the same tab
// counts as a new session even if the sign-out happened while this module was not loaded.
const SHOWN_KEY = 'fernwood.claimCompleteShownTo'

/** The spec's rule: the newest history entry is the welcome code and the popup is still due. */
export function welcomeClaimDue(
  history: RewardHistoryEntry[],
  welcomeCode: string,
  userId: string,
): boolean {
  return history[0]?.code === welcomeCode && readShownTo() !== userId
}

export function markWelcomeClaimShown(userId: string): void {
  try {
    sessionStorage.setItem(SHOWN_KEY, userId)
  } catch {
    // Storage refused (private mode, quota): the popup may show again after a reload, no worse.
  }
}

function readShownTo(): string | null {
  try {
    return sessionStorage.getItem(SHOWN_KEY)
  } catch {
    return null
  }
}

// Sign-out clears the welcome-popup flag along with the account and the lists (spec §4).
subscribeSession(() => {
  if (getSessionState().status !== 'signedOut') return
  try {
    sessionStorage.removeItem(SHOWN_KEY)
  } catch {
    // Nothing stored, nothing to clear.
  }
})
