import type { PublicConfig, User } from '@fernwood/protocol'
import { useEffect, useState } from 'react'
import { listsKnownFor } from '../../live/feed'
import { type LiveState, useLive } from '../../live/store'
import { useOwnOutcomeShowing } from '../../rewards/own-outcome'
import { showWelcomeClaimOnce, welcomeClaimDue } from '../../rewards/welcome-claim'
import { ActivityList } from './activity-list'
import { ClaimCompleteDialog } from './claim-complete-dialog'
import { ClaimOffer } from './claim-offer'
import { Header } from './header'
import { HelpDialog } from './help-dialog'
import { SubmitCodePanel } from './submit-code-panel'
import { TreasuresList } from './treasures-list'
import './dashboard.css'

interface DashboardProps {
  user: User & { waxAccount: string }
  config: PublicConfig
}

export function Dashboard({ user, config }: DashboardProps) {
  const live = useLive()
  const [helpOpen, setHelpOpen] = useState(false)
  const [claimGranted, setClaimGranted] = useState(false)
  // Until the wallet's own lists arrive, an empty list means "not known yet", not "none".
  const listsKnown = listsKnownFor(live, user.waxAccount)

  const welcomeDue = listsKnown && welcomeClaimDue(live.history, config.welcomeCode)
  useEffect(() => {
    if (welcomeDue) return showWelcomeClaimOnce(user.id, () => setClaimGranted(true))
  }, [welcomeDue, user.id])
  // The spec's rule decides whether 'Claim Complete!' is due; it waits for a calm moment, never
  // covering what became of the visitor's own code.
  const ownOutcomeShowing = useOwnOutcomeShowing()

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
        <div className="dashboard__start">
          <ClaimOffer />
          <SubmitCodePanel />
        </div>
        <div className="dashboard__side">
          <ActivityList
            pending={live.pending}
            explorerTransactionUrl={config.chain.explorerTransactionUrl}
          />
          <TreasuresList
            history={live.history}
            earned={live.earned}
            known={listsKnown}
            explorerTransactionUrl={config.chain.explorerTransactionUrl}
            explorerAssetUrl={config.chain.explorerAssetUrl}
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
        open={claimGranted && !ownOutcomeShowing}
        onClose={() => setClaimGranted(false)}
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
