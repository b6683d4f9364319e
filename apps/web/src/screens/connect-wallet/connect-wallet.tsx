import type { AccountCreator } from '@fernwood/protocol'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { claimable, useClaim } from '../../claim-link/claim'
import { ClaimCard } from '../../claim-link/claim-card'
import { requestClaim } from '../../claim-link/claim-sending'
import { useConfig } from '../../config/use-config'
import { currentTexts, useTexts } from '../../i18n/current'
import { takeEntering } from '../../session/entering'
import { useSignOut } from '../../session/use-sign-out'
import { Button } from '../../ui/button'
import { errorMessage } from '../../ui/error-message'
import { Screen } from '../../ui/screen'
import { connectWallet } from '../../wallet/connect-wallet'
import { createWalletAccount } from '../../wallet/create-account'
import { WalletKitUnavailable, WalletLoginCancelled } from '../../wallet/errors'
import { toastAccountCreationFailure } from './account-creation-failure'
import { CreateAccountForm } from './create-account-form'

export function ConnectWallet() {
  const texts = useTexts()
  const claim = useClaim()
  const { signingOut, signOut } = useSignOut()
  const [connection, setConnection] = useState<Connection>('idle')
  const connecting = connection !== 'idle'
  const config = useConfig()
  const accountCreation = config ? accountCreationStartFor(config.accountCreation) : 'none'
  const [creatingAccount, setCreatingAccount] = useState(false)
  const [creatingInKit, setCreatingInKit] = useState(false)

  async function createAccountInKit() {
    setCreatingInKit(true)
    try {
      const created = await createWalletAccount()
      toast.success(currentTexts().accountCreated(created))
    } catch (error) {
      toastAccountCreationFailure(error)
    } finally {
      setCreatingInKit(false)
    }
  }

  // The texts of the language shown when each toast appears: the visitor may change it in the
  // kit's dialog while it is open.
  async function connect(entering = false) {
    setConnection('choosing')
    // Connecting under the reward's 'Connect your WAX wallet to claim it.' claims it once connected.
    if (claimable(claim)) requestClaim()
    try {
      const account = await connectWallet(() => setConnection('connecting'))
      const connected = currentTexts().walletConnected(account)
      // Entering ends here, connected: its success is said now, with the wallet's.
      if (entering) toast.success(currentTexts().signInSucceeded, { description: connected })
      else toast.success(connected)
    } catch (error) {
      // Closing the dialog is the visitor's own choice, not a failure: said in the neutral style.
      if (error instanceof WalletLoginCancelled)
        toast.info(currentTexts().walletConnectionCancelled)
      else toast.error(connectionFailure(error))
      setConnection('idle')
    }
  }

  // Entered with 'Enter the Forest' or from a claim's reward: the wallet's dialog is the next
  // step, so it opens by itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the screen appears
  useEffect(() => {
    const entering = takeEntering()
    if (entering) void connect(entering === 'connect')
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
          <Button
            busy={connection === 'connecting'}
            busyLabel={texts.connectingWallet}
            disabled={creatingInKit || connection === 'choosing'}
            onClick={() => void connect()}
          >
            {texts.connectWallet}
          </Button>
          {accountCreation !== 'none' && (
            <Button
              variant="secondary"
              disabled={connecting}
              busy={creatingInKit}
              busyLabel={texts.creatingAccount}
              onClick={
                accountCreation === 'name-first'
                  ? () => setCreatingAccount(true)
                  : createAccountInKit
              }
            >
              {texts.createAccountOffer}
            </Button>
          )}
          <Button
            variant="quiet"
            disabled={signingOut || connecting || creatingInKit}
            onClick={signOut}
          >
            {texts.leaveForest}
          </Button>
        </div>
      )}
    </Screen>
  )
}

/**
 * Where 'Connect WAX Wallet' stands: idle; the kit's dialog opening or open, the visitor choosing
 * a wallet in it (the button waits, still named for what it does); or a wallet chosen and the
 * connection under way ('Connecting...', the spec's busy text).
 */
type Connection = 'idle' | 'choosing' | 'connecting'

/**
 * How 'Create one' starts: with our form first where the Dev Account Creator is offered (the
 * kit's dialog has no field for the name it needs), straight in the kit's dialog where only
 * providers that ask on their own page are (Anchor's, on WAX), or not at all.
 */
type AccountCreationStart = 'name-first' | 'in-kit' | 'none'

function accountCreationStartFor(creators: readonly AccountCreator[]): AccountCreationStart {
  if (creators.includes('dev-account-creator')) return 'name-first'
  return creators.length > 0 ? 'in-kit' : 'none'
}

function connectionFailure(error: unknown): string {
  const texts = currentTexts()
  if (error instanceof WalletKitUnavailable) return texts.walletNotInitialized
  return errorMessage(error) || texts.walletConnectionCancelled
}
