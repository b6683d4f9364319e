/**
 * Failures of 'Connect WAX Wallet' the screen words itself. They live outside the lazily loaded
 * kit so the login screen's bundle can recognise them without pulling the kit in.
 */

/** The wallet kit could not be loaded (or its configuration could not be fetched). */
export class WalletKitUnavailable extends Error {
  override readonly name = 'WalletKitUnavailable'
}

/** The visitor closed the kit's dialog (Escape, a click outside, the close button). */
export class WalletLoginCancelled extends Error {
  override readonly name = 'WalletLoginCancelled'
}
