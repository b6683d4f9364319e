import { useState } from 'react'
import { toast } from 'sonner'
import { useSignOut } from '../../session/useSignOut'
import { texts } from '../../texts'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/errorMessage'
import { Screen } from '../../ui/Screen'
import { connectWallet } from '../../wallet/connectWallet'
import { WalletKitUnavailable, WalletLoginCancelled } from '../../wallet/errors'

export function ConnectWallet() {
  const { signingOut, signOut } = useSignOut()
  const [connecting, setConnecting] = useState(false)

  async function connect() {
    setConnecting(true)
    try {
      toast.success(texts.walletConnected(await connectWallet()))
    } catch (error) {
      toast.error(connectionFailure(error))
      setConnecting(false)
    }
  }

  return (
    <Screen title={texts.title}>
      <p className="screen__text">{texts.connectWalletIntro}</p>
      <div className="screen__actions">
        <Button busy={connecting} busyLabel={texts.connectingWallet} onClick={connect}>
          {texts.connectWallet}
        </Button>
        <Button variant="secondary" disabled={signingOut || connecting} onClick={signOut}>
          {texts.leaveForest}
        </Button>
      </div>
    </Screen>
  )
}

function connectionFailure(error: unknown): string {
  if (error instanceof WalletKitUnavailable) return texts.walletNotInitialized
  if (error instanceof WalletLoginCancelled) return texts.walletConnectionCancelled
  return errorMessage(error) || texts.walletConnectionCancelled
}
