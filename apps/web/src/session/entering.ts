// 'Enter the Forest' pressed: entering is one step to a connected wallet, so the wallet's dialog
// opens by itself on the connect-wallet screen that follows, and the entrance's success is said
// once the wallet is connected, not before.
let connectNext = false

/** Marks that the visitor pressed 'Enter the Forest': the wallet's dialog is the next step. */
export function enteredToConnect(): void {
  connectNext = true
}

/** The sign-in failed: nothing follows. */
export function enteringFailed(): void {
  connectNext = false
}

/** True once after `enteredToConnect`: the connect screen opens the wallet's dialog by itself. */
export function takeConnectNext(): boolean {
  const next = connectNext
  connectNext = false
  return next
}
