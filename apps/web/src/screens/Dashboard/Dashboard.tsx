import { useSignOut } from '../../session/useSignOut'
import { texts } from '../../texts'
import { Button } from '../../ui/Button'
import './Dashboard.css'

interface DashboardProps {
  waxAccount: string
}

export function Dashboard({ waxAccount }: DashboardProps) {
  const { signingOut, signOut } = useSignOut()

  return (
    <div className="dashboard">
      <header className="dashboard__header">
        <h1 className="dashboard__title">{texts.title}</h1>
        <p className="dashboard__account">{texts.waxAccount(waxAccount)}</p>
        <Button
          variant="secondary"
          className="dashboard__logout"
          disabled={signingOut}
          onClick={signOut}
        >
          {texts.logout}
        </Button>
      </header>
    </div>
  )
}
