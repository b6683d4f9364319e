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

/** The visitor closed the kit's dialog while it was creating an account. */
export class AccountCreationCancelled extends Error {
  override readonly name = 'AccountCreationCancelled'
}

/** The provider refused the account name: not one it can create, or already taken. */
export class AccountNameUnavailable extends Error {
  override readonly name = 'AccountNameUnavailable'

  constructor(
    readonly reason: 'invalid' | 'taken',
    readonly accountName: string,
  ) {
    super(`${accountName} is ${reason === 'taken' ? 'already taken' : 'not a name we can create'}`)
  }
}
