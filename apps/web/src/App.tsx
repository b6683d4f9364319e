import type { User } from '@fernwood/protocol'
import { lazy, Suspense, useEffect } from 'react'
import { loadConfig } from './config/store'
import { startLiveFeed } from './live/store'
import { decoderSettled, loadDecoder } from './qr/decoder'
import { ConnectWallet } from './screens/ConnectWallet/ConnectWallet'
import { Loading } from './screens/Loading/Loading'
import { Login } from './screens/Login/Login'
import { useSession } from './session/store'
import { ScreenErrorBoundary } from './ui/ScreenErrorBoundary'
import { Toaster } from './ui/Toaster'

// Long enough for the decoder from a nearby server (bench/qr: 50–300 ms), short enough that a slow
// link never holds the dashboard, which takes typed codes without it.
const DECODER_WAIT_MS = 3_000

const loadDashboard = () => import('./screens/Dashboard/Dashboard')

type DashboardUser = User & { waxAccount: string }

/**
 * The dashboard and the QR decoder stay out of the login screen's JavaScript. A visitor arriving
 * straight at the dashboard keeps the loading screen until the dashboard, the deployment's config
 * and the decoder are there (the spec's loading rule), but no longer than DECODER_WAIT_MS for the
 * decoder, which typed codes do without.
 */
const Dashboard = lazy(async () => {
  const [{ Dashboard: Screen }, config] = await Promise.all([
    loadDashboard(),
    loadConfig(),
    decoderSettled(DECODER_WAIT_MS),
  ])
  return { default: (props: { user: DashboardUser }) => <Screen {...props} config={config} /> }
})

startLiveFeed()

/** The spec's screens have no routes: the first state that applies is the one shown. */
function CurrentScreen() {
  const session = useSession()
  const signedIn = session.status === 'signedIn'

  // Signed in means the dashboard is next: fetch it and the decoder while the wallet connects.
  useEffect(() => {
    if (!signedIn) return
    loadDashboard().catch(() => {
      // React.lazy reports it, should the dashboard still fail to load when it is shown.
    })
    loadDecoder().catch(() => {
      // The loader reports its failure itself.
    })
  }, [signedIn])

  if (session.status === 'checking') return <Loading />
  if (session.status === 'signedOut') return <Login />
  const { user } = session
  if (user.waxAccount === null) return <ConnectWallet />
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<Loading />}>
        <Dashboard user={{ ...user, waxAccount: user.waxAccount }} />
      </Suspense>
    </ScreenErrorBoundary>
  )
}

export function App() {
  return (
    <>
      <CurrentScreen />
      <Toaster />
    </>
  )
}
