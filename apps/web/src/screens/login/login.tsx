import { useState } from 'react'
import { toast } from 'sonner'
import { currentTexts, useTexts } from '../../i18n/current'
import { LanguagePicker } from '../../i18n/language-picker'
import { enteredTo, enteringFailed } from '../../session/entering'
import { signIn } from '../../session/store'
import { Button } from '../../ui/button'
import { errorMessage } from '../../ui/error-message'
import { Screen } from '../../ui/screen'
import { WelcomeOfferCard } from './welcome-offer-card'
import './login.css'

/**
 * The first screen: what a visitor gets (the welcome reward on offer), the way in, and the
 * language to read it in. 'Enter the Forest' signs in and opens the wallet's dialog at once; its
 * success is said when the wallet is connected (connect-wallet.tsx), as nothing is connected yet.
 */
export function Login() {
  const texts = useTexts()
  const [entering, setEntering] = useState(false)

  async function enterForest() {
    setEntering(true)
    enteredTo('connect')
    try {
      await signIn()
    } catch (error) {
      enteringFailed()
      toast.error(currentTexts().signInFailed(errorMessage(error)))
      setEntering(false)
    }
  }

  return (
    <Screen title={texts.title}>
      <p className="screen__text">{texts.tagline}</p>
      <WelcomeOfferCard />
      <div className="screen__actions">
        <Button busy={entering} busyLabel={texts.entering} onClick={enterForest}>
          {texts.enterForest}
        </Button>
      </div>
      <LanguagePicker className="language-picker--under" />
    </Screen>
  )
}
