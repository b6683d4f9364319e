import { useState } from 'react'
import { toast } from 'sonner'
import { currentTexts, useTexts } from '../../i18n/current'
import { LanguagePicker } from '../../i18n/language-picker'
import { useWelcomeOffer } from '../../offers/welcome-offer'
import { enteredTo, enteringFailed } from '../../session/entering'
import { signIn } from '../../session/store'
import { Button } from '../../ui/button'
import { errorMessage } from '../../ui/error-message'
import { Screen } from '../../ui/screen'
import { Loading } from '../loading/loading'
import { WelcomeOfferCard } from './welcome-offer-card'
import './login.css'

/**
 * The first screen: what a visitor gets (the welcome reward on offer), the way in, and the
 * language to read it in. 'Enter the Forest' signs in and opens the wallet's dialog at once; its
 * success is said when the wallet is connected (connect-wallet.tsx), as nothing is connected yet.
 * It shows once the offer is read, its card in place: nothing moves under the visitor's hand.
 */
export function Login() {
  const texts = useTexts()
  const [entering, setEntering] = useState(false)
  const offer = useWelcomeOffer()

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

  if (offer === undefined) return <Loading />
  return (
    <Screen title={texts.title}>
      <p className="screen__text">{texts.tagline}</p>
      {offer && <WelcomeOfferCard offer={offer} />}
      <div className="screen__actions">
        <Button busy={entering} busyLabel={texts.entering} onClick={enterForest}>
          {texts.enterForest}
        </Button>
      </div>
      <LanguagePicker className="language-picker--under" />
    </Screen>
  )
}
