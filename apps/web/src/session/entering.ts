// 'Enter the Forest' (or a claim link's button) pressed: entering is one step to a connected
// wallet, so the wallet's dialog opens by itself on the connect-wallet screen that follows. What
// it was pressed for decides what is said once the wallet is connected: the entrance's success,
// or nothing, a claim's own moment saying it.
type Entering = 'connect' | 'claim'

let next: Entering | undefined

/** Marks that the visitor entered, to connect or to claim: the wallet's dialog is the next step. */
export function enteredTo(purpose: Entering): void {
  next = purpose
}

/** The sign-in failed: nothing follows. */
export function enteringFailed(): void {
  next = undefined
}

/** Once after `enteredTo`, what the visitor entered for: the connect screen opens the dialog. */
export function takeEntering(): Entering | undefined {
  const taken = next
  next = undefined
  return taken
}
