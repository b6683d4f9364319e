import { useState } from 'react'
import { toast } from 'sonner'
import { useTexts } from '../i18n/current'
import { errorMessage } from '../ui/error-message'
import { signOutEverywhere, signOutHere } from './leave'

interface SignOut {
  /** true while either sign-out runs */
  signingOut: boolean
  /** 'Leave Forest' and 'Logout': this browser's session */
  signOut: () => Promise<void>
  /** 'Sign out everywhere': every session of the wallet, on every device */
  signOutEverywhere: () => Promise<void>
}

/** The sign-out buttons' actions: busy while the request runs, a toast when it fails. */
export function useSignOut(): SignOut {
  const texts = useTexts()
  const [signingOut, setSigningOut] = useState(false)

  async function withFeedback(
    leave: () => Promise<void>,
    failed: (message: string) => string,
    succeeded?: string,
  ) {
    setSigningOut(true)
    try {
      await leave()
      if (succeeded) toast.success(succeeded)
    } catch (error) {
      toast.error(failed(errorMessage(error)))
      setSigningOut(false)
    }
  }

  return {
    signingOut,
    signOut: () => withFeedback(signOutHere, texts.signOutFailed),
    signOutEverywhere: () =>
      withFeedback(signOutEverywhere, texts.signOutEverywhereFailed, texts.signedOutEverywhere),
  }
}
