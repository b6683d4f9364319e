import { forgetWaitingClaim } from '../claimLink/waitingClaim'
import { loadWalletKit } from '../wallet/loadKit'
import { signOut } from './store'

/**
 * Ends the visit everywhere: the wallet kit forgets its sessions (else the next visitor on this
 * browser would have the account restored), then the server ends the session, and a claim link's
 * code still waiting is forgotten. The kit starts loading once a visitor has entered, so this
 * waits for it rather than race a load still under way; a kit that cannot load holds no session
 * to forget.
 */
export async function signOutEverywhere(): Promise<void> {
  const kit = await loadWalletKit().catch(() => undefined)
  await kit?.logout()
  await signOut()
  forgetWaitingClaim()
}
