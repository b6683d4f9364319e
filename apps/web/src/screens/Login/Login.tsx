import { useState } from 'react'
import { toast } from 'sonner'
import { useTexts } from '../../i18n/current'
import { signIn } from '../../session/store'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/errorMessage'
import { Screen } from '../../ui/Screen'

export function Login() {
  const texts = useTexts()
  const [entering, setEntering] = useState(false)

  async function enterForest() {
    setEntering(true)
    try {
      await signIn()
      toast.success(texts.signInSucceeded)
    } catch (error) {
      toast.error(texts.signInFailed(errorMessage(error)))
      setEntering(false)
    }
  }

  return (
    <Screen title={texts.title}>
      <p className="screen__text">{texts.tagline}</p>
      <div className="screen__actions">
        <Button busy={entering} busyLabel={texts.entering} onClick={enterForest}>
          {texts.enterForest}
        </Button>
      </div>
    </Screen>
  )
}
