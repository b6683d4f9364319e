import { toast } from 'sonner'
import { useSignOut } from '../../session/useSignOut'
import { texts } from '../../texts'
import { Button } from '../../ui/Button'
import { Screen } from '../../ui/Screen'

export function ConnectWallet() {
  const { signingOut, signOut } = useSignOut()

  function connectWallet() {
    // The wallet kit is not part of the app yet, which the spec answers with this message.
    toast.error(texts.walletNotInitialized)
  }

  return (
    <Screen title={texts.title}>
      <p className="screen__text">{texts.connectWalletIntro}</p>
      <div className="screen__actions">
        <Button onClick={connectWallet}>{texts.connectWallet}</Button>
        <Button variant="secondary" disabled={signingOut} onClick={signOut}>
          {texts.leaveForest}
        </Button>
      </div>
    </Screen>
  )
}
