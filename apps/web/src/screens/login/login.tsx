import { useState } from 'react'
import { toast } from 'sonner'
import { claimable, enteredToClaim, takeWalletNext, useClaim } from '../../claim-link/claim'
import { ClaimCard } from '../../claim-link/claim-card'
import { currentTexts, useTexts } from '../../i18n/current'
import { signIn } from '../../session/store'
import { Button } from '../../ui/button'
import { errorMessage } from '../../ui/error-message'
import { Screen } from '../../ui/screen'

export function Login() {
  const texts = useTexts()
  const claim = useClaim()
  const [entering, setEntering] = useState(false)

  async function enterForest() {
    setEntering(true)
    // Entering for a claim's reward: the wallet's dialog follows without another tap.
    if (claimable(claim)) enteredToClaim()
    try {
      await signIn()
      toast.success(currentTexts().signInSucceeded)
    } catch (error) {
      takeWalletNext()
      toast.error(currentTexts().signInFailed(errorMessage(error)))
      setEntering(false)
    }
  }

  return (
    <Screen title={texts.title}>
      <p className="screen__text">{texts.tagline}</p>
      <ClaimCard />
      <div className="screen__actions">
        <Button busy={entering} busyLabel={texts.entering} onClick={enterForest}>
          {texts.enterForest}
        </Button>
      </div>
    </Screen>
  )
}
