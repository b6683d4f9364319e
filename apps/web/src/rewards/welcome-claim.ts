import type { RewardHistoryEntry } from '@fernwood/protocol'
import { claimWelcomePopup } from '../api/session'

/** The spec's rule: the popup is due while the newest history entry is the welcome code. */
export function welcomeClaimDue(history: RewardHistoryEntry[], welcomeCode: string): boolean {
  return history[0]?.code === welcomeCode
}

// The server's answer per user, asked once per page: it does not change within a session.
const answers = new Map<string, Promise<boolean>>()
// Users this page has shown the popup to, so a remounted dashboard does not show it again.
const shownTo = new Set<string>()

/**
 * Calls `show` if this tab is the one to show 'Claim Complete!' to `userId`. The server keeps the
 * "shown" flag with the anonymous session and grants its first ask only, so other tabs, reloads
 * and devices of the same session do not show it again; a new sign-in is a new user, whose first
 * ask is granted. Returns a cancel for a dashboard that goes before the answer comes.
 */
export function showWelcomeClaimOnce(userId: string, show: () => void): () => void {
  let cancelled = false
  let answer = answers.get(userId)
  if (!answer) {
    answer = claimWelcomePopup().catch(() => {
      // Unanswered (offline, session ended): not shown now; the next due moment asks again.
      answers.delete(userId)
      return false
    })
    answers.set(userId, answer)
  }
  void answer.then((granted) => {
    if (!granted || cancelled || shownTo.has(userId)) return
    shownTo.add(userId)
    show()
  })
  return () => {
    cancelled = true
  }
}
