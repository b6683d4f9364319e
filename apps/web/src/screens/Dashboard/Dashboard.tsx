import type { PublicConfig, User } from '@fernwood/protocol'
import { useEffect, useState } from 'react'
import { type LiveState, useLive } from '../../live/store'
import { showWelcomeClaimOnce, welcomeClaimDue } from '../../rewards/welcomeClaim'
import { ActivityList } from './ActivityList'
import { ClaimCompleteDialog } from './ClaimCompleteDialog'
import { Header } from './Header'
import { HelpDialog } from './HelpDialog'
import { SubmitCodePanel } from './SubmitCodePanel'
import { TreasuresList } from './TreasuresList'
import './Dashboard.css'

interface DashboardProps {
  user: User & { waxAccount: string }
  config: PublicConfig
}

export function Dashboard({ user, config }: DashboardProps) {
  const live = useLive()
  const [helpOpen, setHelpOpen] = useState(false)
  const [claimOpen, setClaimOpen] = useState(false)

  const welcomeDue = welcomeClaimDue(live.history, config.welcomeCode)
  useEffect(() => {
    if (welcomeDue) return showWelcomeClaimOnce(user.id, () => setClaimOpen(true))
  }, [welcomeDue, user.id])

  return (
    <div className="dashboard">
      <Header
        waxAccount={user.waxAccount}
        onHelp={() => setHelpOpen(true)}
        balanceSource={{
          apiUrl: config.chain.apiUrl,
          contract: config.tokenContract,
          symbol: config.token,
          precision: config.tokenPrecision,
        }}
        balanceRefreshKey={payoutsLanded(live)}
      />
      <main className="dashboard__main">
        <SubmitCodePanel />
        <div className="dashboard__side">
          <ActivityList
            pending={live.pending}
            explorerTransactionUrl={config.chain.explorerTransactionUrl}
          />
          <TreasuresList
            history={live.history}
            earned={live.earned}
            received={live.received}
            explorerTransactionUrl={config.chain.explorerTransactionUrl}
          />
        </div>
      </main>
      <HelpDialog
        open={helpOpen}
        onClose={() => setHelpOpen(false)}
        welcomeCode={config.welcomeCode}
        welcomeBonus={config.welcomeBonus}
        token={config.token}
      />
      <ClaimCompleteDialog
        open={claimOpen}
        onClose={() => setClaimOpen(false)}
        stakingUrl={config.stakingUrl}
        welcomeBonus={config.welcomeBonus}
        token={config.token}
      />
    </div>
  )
}

/**
 * Changes whenever a payout reaches the chain (a reward turns confirming) or becomes final (a new
 * history entry): the moments the wallet's balance changes.
 */
function payoutsLanded({ pending, history }: Pick<LiveState, 'pending' | 'history'>): string {
  const confirming = pending.filter((reward) => reward.status === 'confirming')
  return [history[0]?.id ?? '', ...confirming.map((reward) => reward.id)].join(' ')
}
