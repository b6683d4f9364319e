import type { User } from '@fernwood/protocol'
import { useEffect, useState } from 'react'
import { loadConfig, useConfig } from '../../config/store'
import { useLive } from '../../live/store'
import { markWelcomeClaimShown, welcomeClaimDue } from '../../rewards/welcomeClaim'
import { ActivityList } from './ActivityList'
import { ClaimCompleteDialog } from './ClaimCompleteDialog'
import { Header } from './Header'
import { HelpDialog } from './HelpDialog'
import { SubmitCodePanel } from './SubmitCodePanel'
import { TreasuresList } from './TreasuresList'
import './Dashboard.css'

// The deployment's defaults, for the moments before /api/config has answered.
const DEFAULTS = {
  welcomeCode: 'fernwoodwelcome',
  welcomeBonus: '5,000',
  token: 'FERN',
  stakingUrl: 'https://stake.fernwood.example',
}

export function Dashboard({ user }: { user: User & { waxAccount: string } }) {
  const live = useLive()
  const config = useConfig()
  const [helpOpen, setHelpOpen] = useState(false)
  const [claimOpen, setClaimOpen] = useState(false)
  const facts = config ?? DEFAULTS

  useEffect(() => {
    if (!config) loadConfig().catch(() => {})
  }, [config])

  useEffect(() => {
    // Only the configured welcome code counts, so this waits for the config.
    if (config && welcomeClaimDue(live.history, config.welcomeCode, user.id)) {
      markWelcomeClaimShown(user.id)
      setClaimOpen(true)
    }
  }, [config, live.history, user.id])

  return (
    <div className="dashboard">
      <Header waxAccount={user.waxAccount} onHelp={() => setHelpOpen(true)} />
      <main className="dashboard__main">
        <SubmitCodePanel />
        <div className="dashboard__side">
          <ActivityList pending={live.pending} />
          <TreasuresList
            history={live.history}
            received={live.received}
            explorerTransactionUrl={config?.chain.explorerTransactionUrl}
          />
        </div>
      </main>
      <HelpDialog
        open={helpOpen}
        onClose={() => setHelpOpen(false)}
        welcomeCode={facts.welcomeCode}
        welcomeBonus={facts.welcomeBonus}
        token={facts.token}
      />
      <ClaimCompleteDialog
        open={claimOpen}
        onClose={() => setClaimOpen(false)}
        stakingUrl={facts.stakingUrl}
        welcomeBonus={facts.welcomeBonus}
        token={facts.token}
      />
    </div>
  )
}
