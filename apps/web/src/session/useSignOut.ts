import { useState } from 'react'
import { toast } from 'sonner'
import { useTexts } from '../i18n/current'
import { errorMessage } from '../ui/errorMessage'
import { signOutEverywhere } from './signOutEverywhere'

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
