import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { loadConfig } from '../../config/store'
import { currentTexts, useTexts } from '../../i18n/current'
import { useSignOut } from '../../session/useSignOut'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/errorMessage'
import { Screen } from '../../ui/Screen'
import { connectWallet } from '../../wallet/connectWallet'
import { WalletKitUnavailable, WalletLoginCancelled } from '../../wallet/errors'
import { CreateAccountForm } from './CreateAccountForm'

export function ConnectWallet() {
  const texts = useTexts()
  const { signingOut, signOut } = useSignOut()
  const [connecting, setConnecting] = useState(false)
  const [accountCreationOffered, setAccountCreationOffered] = useState(false)
  const [creatingAccount, setCreatingAccount] = useState(false)

  useEffect(() => {
    // Offered only where the kit has a provider: on the devchain (see wallet/accountCreation.ts).
    loadConfig().then(
      (config) => setAccountCreationOffered(config.devWallet !== undefined),
      () => {
        // Without the config there is no kit either; 'Connect WAX Wallet' reports it.
      },
    )
  }, [])

  async function connect() {
    setConnecting(true)
    try {
      toast.success(texts.walletConnected(await connectWallet()))
    } catch (error) {
      // Closing the dialog is the visitor's own choice, not a failure: said in the neutral style.
      if (error instanceof WalletLoginCancelled) toast.info(texts.walletConnectionCancelled)
      else toast.error(connectionFailure(error))
      setConnecting(false)
    }
  }

  return (
    <Screen title={texts.title}>
      <p className="screen__text">{texts.connectWalletIntro}</p>
      {creatingAccount ? (
        <CreateAccountForm onClose={() => setCreatingAccount(false)} />
      ) : (
        <div className="screen__actions">
          <Button busy={connecting} busyLabel={texts.connectingWallet} onClick={connect}>
            {texts.connectWallet}
          </Button>
          {accountCreationOffered && (
            <Button
              variant="secondary"
              disabled={connecting}
              onClick={() => setCreatingAccount(true)}
            >
              {texts.createAccountOffer}
            </Button>
          )}
          <Button variant="secondary" disabled={signingOut || connecting} onClick={signOut}>
            {texts.leaveForest}
          </Button>
        </div>
      )}
    </Screen>
  )
}

function connectionFailure(error: unknown): string {
  const texts = currentTexts()
  if (error instanceof WalletKitUnavailable) return texts.walletNotInitialized
  return errorMessage(error) || texts.walletConnectionCancelled
}
