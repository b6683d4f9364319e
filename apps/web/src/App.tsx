import { ConnectWallet } from './screens/ConnectWallet/ConnectWallet'
import { Dashboard } from './screens/Dashboard/Dashboard'
import { Loading } from './screens/Loading/Loading'
import { Login } from './screens/Login/Login'
import { useSession } from './session/store'
import { Toaster } from './ui/Toaster'

/** The spec's screens have no routes: the first state that applies is the one shown. */
function CurrentScreen() {
  const session = useSession()
  if (session.status === 'checking') return <Loading />
  if (session.status === 'signedOut') return <Login />
  if (session.user.waxAccount === null) return <ConnectWallet />
  return <Dashboard waxAccount={session.user.waxAccount} />
}

export function App() {
  return (
    <>
      <CurrentScreen />
      <Toaster />
    </>
  )
}
