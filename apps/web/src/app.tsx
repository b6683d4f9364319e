import { Suspense, useEffect, useRef } from 'react'
import { useClaim } from './claim-link/claim'
import { ClaimLinkEntrance } from './claim-link/claim-link-entrance'
import { ClaimMoment } from './claim-link/claim-moment'
import { DevchainPublicWarning } from './config/devchain-public-warning'
import { Console, onConsolePage } from './console/route'
import { startLiveFeed } from './live/store'
import { ConnectWallet } from './screens/connect-wallet/connect-wallet'
import { loadDashboardScreen, useDashboardScreen } from './screens/dashboard-screen'
import { Loading } from './screens/loading/loading'
import { Login } from './screens/login/login'
import { isOwnPage } from './screens/not-found/own-pages'
import { PageNotFound } from './screens/not-found/page-not-found'
import { useSession } from './session/store'
import { ScreenErrorBoundary } from './ui/screen-error-boundary'
import { Toaster } from './ui/toaster'
import { connectWallet } from './wallet/connect-wallet'
import { preloadWalletKitWhenIdle } from './wallet/load-kit'

startLiveFeed()

/** Hands a failed load to the error boundary, which words it. */
function Failed({ error }: { error: unknown }): never {
  throw error
}

/** The spec's screens have no routes: the first state that applies is the one shown. */
function CurrentScreen() {
  const session = useSession()
  const claim = useClaim()
  const dashboard = useDashboardScreen()
  // Whom the connect-wallet screen was last shown to. When their wallet is bound, that screen
  // stays (still 'Connecting...') until the dashboard can replace it, so the loading screen never
  // comes between the two; a visitor arriving with a bound wallet sees the loading screen.
  const connectScreenShownTo = useRef<string | undefined>(undefined)
  const signedIn = session.status === 'signedIn'

  // Signed in means the wallet and the dashboard are next: fetch the kit (restoring a returning
  // visitor's wallet session), the dashboard and the decoder while the visitor reaches for them.
  // The login screen never loads the kit: its parsing is most of a phone's blocking time there.
  useEffect(() => {
    if (!signedIn) return
    preloadWalletKitWhenIdle()
    if (onConsolePage()) return
    loadDashboardScreen().catch(() => {
      // Kept in the screen's state, and shown should the dashboard be due.
    })
  }, [signedIn])

  // Whoever the visitor is, an address the app has no page for is said to be one, with a way home.
  if (!isOwnPage(window.location.pathname)) return <PageNotFound />
  if (session.status === 'checking') return <Loading />
  // /admin is the console's, its sign-in and wallet steps too: an operator knows where they are
  // (the server decides whether this wallet may use it).
  if (onConsolePage()) {
    return (
      <ScreenErrorBoundary>
        <Suspense fallback={<Loading />}>
          <Console
            signedIn={signedIn}
            account={signedIn ? session.user.waxAccount : null}
            connectWallet={connectWallet}
          />
        </Suspense>
      </ScreenErrorBoundary>
    )
  }
  // A claim link opened signed out is its reward's page, its one button claiming it.
  if (session.status === 'signedOut') {
    return claim.status === 'none' ? <Login /> : <ClaimLinkEntrance />
  }
  const { user } = session
  const { waxAccount } = user
  if (waxAccount === null) {
    connectScreenShownTo.current = user.id
    return <ConnectWallet />
  }
  if (dashboard.status === 'ready') {
    return (
      <ScreenErrorBoundary>
        <dashboard.Dashboard user={{ ...user, waxAccount }} config={dashboard.config} />
      </ScreenErrorBoundary>
    )
  }
  if (dashboard.status === 'failed') {
    return (
      <ScreenErrorBoundary>
        <Failed error={dashboard.error} />
      </ScreenErrorBoundary>
    )
  }
  return connectScreenShownTo.current === user.id ? <ConnectWallet /> : <Loading />
}

export function App() {
  return (
    <>
      <DevchainPublicWarning />
      <CurrentScreen />
      <ClaimMoment />
      <Toaster />
    </>
  )
}
