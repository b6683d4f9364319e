import { endClaim } from '../claim-link/claim'
import { loadWalletKit } from '../wallet/load-kit'
import { signOut, signOutEverywhereOnServer } from './store'

/**
 * Leaves this browser as it was before the visit: the wallet kit forgets its sessions (else the
 * next visitor on this browser would have the account restored), then the server ends the
 * session (`endOnServer`), and a claim link's code still waiting is forgotten. The kit starts
 * loading once a visitor has entered, so this waits for it rather than race a load still under
 * way; a kit that cannot load holds no session to forget.
 */
async function leave(endOnServer: () => Promise<void>): Promise<void> {
  const kit = await loadWalletKit().catch(() => undefined)
  await kit?.logout()
  await endOnServer()
  endClaim()
}

/** 'Logout', 'Leave Forest' and the console's 'Sign out': this browser's session ends. */
export const signOutHere = (): Promise<void> => leave(signOut)

/** 'Sign out everywhere': every session bound to the visitor's wallet ends, on every device. */
export const signOutEverywhere = (): Promise<void> => leave(signOutEverywhereOnServer)
