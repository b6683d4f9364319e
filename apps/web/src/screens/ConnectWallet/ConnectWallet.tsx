import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { ClaimCard } from '../../claimLink/ClaimCard'
import { claimable, takeWalletNext, useClaim } from '../../claimLink/claim'
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
  const claim = useClaim()
  const { signingOut, signOut } = useSignOut()
  const [connecting, setConnecting] = useState(false)
  const [accountCreationOffered, setAccountCreationOffered] = useState(false)
  const [creatingAccount, setCreatingAccount] = useState(false)

  useEffect(() => {
    // Offered where the Dev Account Creator is, whose name the form asks (Anchor's, beside it,
    // asks on its own page; see wallet/accountCreation.ts).
    loadConfig().then(
      (config) => setAccountCreationOffered(config.accountCreation.includes('dev-account-creator')),
      () => {
        // Without the config there is no kit either; 'Connect WAX Wallet' reports it.
      },
    )
  }, [])

  // The texts of the language shown when each toast appears: the visitor may change it in the
  // kit's dialog while it is open.
  async function connect() {
    setConnecting(true)
    try {
      const account = await connectWallet()
      toast.success(currentTexts().walletConnected(account))
    } catch (error) {
      // Closing the dialog is the visitor's own choice, not a failure: said in the neutral style.
      if (error instanceof WalletLoginCancelled)
        toast.info(currentTexts().walletConnectionCancelled)
      else toast.error(connectionFailure(error))
      setConnecting(false)
    }
  }

  // Entered from a claim's reward: the wallet's dialog is the next step, so it opens by itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the screen appears
  useEffect(() => {
    if (takeWalletNext()) void connect()
  }, [])

  return (
    <Screen title={texts.title}>
      <p className="screen__text">
        {claimable(claim) ? texts.connectToClaim : texts.connectWalletIntro}
      </p>
      <ClaimCard />
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
          <Button variant="quiet" disabled={signingOut || connecting} onClick={signOut}>
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
