import { useState } from 'react'
import { toast } from 'sonner'
import { useTexts } from '../i18n/current'
import { errorMessage } from '../ui/errorMessage'
import { loadWalletKit } from '../wallet/loadKit'
import { signOut } from './store'

/**
 * Ends the visit everywhere: the wallet kit forgets its sessions (else the next visitor on this
 * browser would have the account restored), then the server ends the session. The kit is loaded
 * at idle time on every visit, so this waits for it rather than race a load still under way; a
 * kit that cannot load holds no session to forget.
 */
async function signOutEverywhere(): Promise<void> {
  const kit = await loadWalletKit().catch(() => undefined)
  await kit?.logout()
  await signOut()
}

/** Sign-out for the 'Leave Forest' and 'Logout' buttons: busy while the request runs. */
export function useSignOut(): { signingOut: boolean; signOut: () => Promise<void> } {
  const texts = useTexts()
  const [signingOut, setSigningOut] = useState(false)

  async function signOutWithFeedback() {
    setSigningOut(true)
    try {
      await signOutEverywhere()
    } catch (error) {
      toast.error(texts.signOutFailed(errorMessage(error)))
      setSigningOut(false)
    }
  }

  return { signingOut, signOut: signOutWithFeedback }
}
