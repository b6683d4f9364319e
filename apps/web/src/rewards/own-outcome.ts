import { createStore, useStore } from '../store'

/**
 * How many of the visitor's own submissions are under way or have their outcome on screen. While
 * any is, nothing of the app's own accord ('Claim Complete!') may cover the page: on a phone a
 * modal dialog hides the toast that says what became of the code just sent.
 */
const underWay = createStore(0)

/** Counts one submission from now until the returned `end` is called (once, however often). */
export function beginOwnOutcome(): () => void {
  underWay.set(underWay.get() + 1)
  let ended = false
  return () => {
    if (ended) return
    ended = true
    underWay.set(underWay.get() - 1)
  }
}

/** True while an outcome of the visitor's own is under way or on screen. */
export function useOwnOutcomeShowing(): boolean {
  return useStore(underWay) > 0
}
