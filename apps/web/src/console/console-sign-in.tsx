import { useState } from 'react'
import { useTexts } from '../i18n/current'
import { signOutHere } from '../session/leave'
import { signIn } from '../session/store'
import { Button } from '../ui/button'
import { errorMessage } from '../ui/error-message'
import { WalletKitUnavailable, WalletLoginCancelled } from '../wallet/errors'
import { ConsoleCard } from './shared/console-card'
import { Notice, type NoticeText } from './shared/notice'
import { useConsoleTexts } from './texts/use-console-texts'

/**
 * The console's own way in, at /admin: sign in, then connect an operator's wallet. The same
 * session and wallet login as a visitor's (the server decides who is an operator afterwards),
 * worded as the console's; their failures in the visitor's words, which name the wallet's.
 * `connectWallet` is the app's 'Connect WAX Wallet', handed in rather than imported: imported
 * here, the bundler would split the login screen's JavaScript into several files.
 */
export function ConsoleSignIn({
  step,
  connectWallet,
}: {
  step: 'signIn' | 'connect'
  connectWallet(): Promise<unknown>
}) {
  const texts = useConsoleTexts()
  const visitorTexts = useTexts()
  // What is under way; done, the session changes and the console shows its next step.
  const [pending, setPending] = useState<'signIn' | 'connect' | 'signOut' | undefined>(undefined)
  const [notice, setNotice] = useState<NoticeText | undefined>(undefined)

  async function run(
    action: 'signIn' | 'connect' | 'signOut',
    act: () => Promise<unknown>,
    failure: (error: unknown) => NoticeText,
  ) {
    setPending(action)
    setNotice(undefined)
    try {
      await act()
    } catch (error) {
      setNotice(failure(error))
      setPending(undefined)
    }
  }

  const signInFailure = (error: unknown): NoticeText => ({
    text: visitorTexts.signInFailed(errorMessage(error)),
    failed: true,
  })
  const connectFailure = (error: unknown): NoticeText => {
    // Closing the wallet's dialog is the operator's choice, not a failure.
    if (error instanceof WalletLoginCancelled)
      return { text: visitorTexts.walletConnectionCancelled }
    if (error instanceof WalletKitUnavailable) {
      return { text: visitorTexts.walletNotInitialized, failed: true }
    }
    return { text: errorMessage(error) || visitorTexts.walletConnectionCancelled, failed: true }
  }
  const signOutFailure = (error: unknown): NoticeText => ({
    text: texts.failed(errorMessage(error)),
    failed: true,
  })

  return (
    <ConsoleCard title={texts.title}>
      <p>{step === 'signIn' ? texts.signInIntro : texts.connectIntro}</p>
      <div className="console__card-actions">
        {step === 'signIn' ? (
          <Button
            busy={pending === 'signIn'}
            busyLabel={texts.signingIn}
            onClick={() => void run('signIn', signIn, signInFailure)}
          >
            {texts.signIn}
          </Button>
        ) : (
          <>
            <Button
              busy={pending === 'connect'}
              busyLabel={texts.connecting}
              disabled={pending === 'signOut'}
              onClick={() => void run('connect', connectWallet, connectFailure)}
            >
              {texts.connectWallet}
            </Button>
            <Button
              variant="secondary"
              busy={pending === 'signOut'}
              disabled={pending === 'connect'}
              onClick={() => void run('signOut', signOutHere, signOutFailure)}
            >
              {texts.signOut}
            </Button>
          </>
        )}
      </div>
      <Notice notice={notice} />
      <a href="/">{texts.backToSite}</a>
    </ConsoleCard>
  )
}
