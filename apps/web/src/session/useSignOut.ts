import { useState } from 'react'
import { toast } from 'sonner'
import { texts } from '../texts'
import { errorMessage } from '../ui/errorMessage'
import { signOut } from './store'

/** Sign-out for the 'Leave Forest' and 'Logout' buttons: busy while the request runs. */
export function useSignOut(): { signingOut: boolean; signOut: () => Promise<void> } {
  const [signingOut, setSigningOut] = useState(false)

  async function signOutWithFeedback() {
    setSigningOut(true)
    try {
      await signOut()
    } catch (error) {
      toast.error(texts.signOutFailed(errorMessage(error)))
      setSigningOut(false)
    }
  }

  return { signingOut, signOut: signOutWithFeedback }
}
