import { useState } from 'react'
import { currentTexts, useLanguage, useTexts } from '../i18n/current'
import { LanguagePicker } from '../i18n/language-picker'
import { enteredTo, enteringFailed } from '../session/entering'
import { signIn } from '../session/store'
import { Button } from '../ui/button'
import { errorMessage } from '../ui/error-message'
import { Screen } from '../ui/screen'
import { claimable, useClaim } from './claim'
import { ClaimCard } from './claim-card'
import { requestClaim } from './claim-sending'
import { rewardName } from './reward-name'
import './claim-link-entrance.css'

/**
 * A claim link opened signed out: its reward, and one button naming it ('Claim 25 FERN') that
 * enters, opens the wallet's dialog and claims once the wallet is connected, with no other tap.
 * A link that cannot pay now, or whose reward could not be read, offers no claim: its button
 * enters the forest as the first screen's does. The language can be chosen before either.
 */
export function ClaimLinkEntrance() {
  const texts = useTexts()
  const language = useLanguage()
  const claim = useClaim()
  const [entering, setEntering] = useState(false)
  const [failure, setFailure] = useState<string | undefined>()
  const toClaim = claimable(claim)

  async function enter() {
    setEntering(true)
    setFailure(undefined)
    if (toClaim) requestClaim()
    enteredTo(toClaim ? 'claim' : 'connect')
    try {
      await signIn()
    } catch (error) {
      enteringFailed()
      setFailure(currentTexts().signInFailed(errorMessage(error)))
      setEntering(false)
    }
  }

  return (
    <Screen title={texts.title}>
      <p className="screen__text">{texts.tagline}</p>
      <ClaimCard />
      <div className="screen__actions">
        <Button
          busy={entering || claim.status === 'previewing'}
          busyLabel={entering ? texts.entering : texts.claimReading}
          onClick={enter}
        >
          {toClaim ? texts.claimReward(rewardName(claim.preview, language)) : texts.enterForest}
        </Button>
        {failure && (
          <p className="claim-link-entrance__failure" role="alert">
            {failure}
          </p>
        )}
      </div>
      <LanguagePicker className="language-picker--under" />
    </Screen>
  )
}
