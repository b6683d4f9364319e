import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useSignOut } from '../session/useSignOut'
import { Button } from '../ui/Button'
import { Screen } from '../ui/Screen'
import { adminApi } from './adminApi'
import { CampaignsTable } from './CampaignsTable'
import { ClaimsChart } from './ClaimsChart'
import { describeAdminError } from './describeError'
import { GenerateCodesForm } from './GenerateCodesForm'
import { NewCampaignForm } from './NewCampaignForm'
import { followOverview, useOverview } from './overview'
import { PayoutsPanel } from './PayoutsPanel'
import { consoleEn } from './texts'
import './Console.css'

type Access = { status: 'checking' } | { status: 'granted' } | { status: 'refused'; reason: string }

/**
 * The operator console: campaigns with their counts and chart, new campaigns and codes, payouts.
 * The server grants it to a verified wallet of ADMIN_ACCOUNTS only; anyone else is told why and
 * sees nothing else. What it shows arrives on its live stream, so counts move without a reload.
 */
export function Console({ account }: { account: string }) {
  const texts = consoleEn
  const [access, setAccess] = useState<Access>({ status: 'checking' })
  const { signingOut, signOut } = useSignOut()

  useEffect(() => {
    let current = true
    setAccess({ status: 'checking' })
    adminApi.operator().then(
      () => current && setAccess({ status: 'granted' }),
      (error: unknown) =>
        current && setAccess({ status: 'refused', reason: describeAdminError(error, texts) }),
    )
    return () => {
      current = false
    }
  }, [])

  const signOutButton = (
    <Button variant="secondary" busy={signingOut} onClick={() => void signOut()}>
      {texts.signOut}
    </Button>
  )
  if (access.status === 'checking') {
    return (
      <Screen title={texts.title}>
        <p role="status">{texts.checking}</p>
      </Screen>
    )
  }
  if (access.status === 'refused') {
    return (
      <Screen title={texts.refusedTitle}>
        <p role="alert">{access.reason}</p>
        <p>{texts.operator(account)}</p>
        {signOutButton}
      </Screen>
    )
  }
  return <ConsoleBoard account={account} signOutButton={signOutButton} />
}

function ConsoleBoard({ account, signOutButton }: { account: string; signOutButton: ReactNode }) {
  const texts = consoleEn
  const { overview, connected } = useOverview()
  const [chartSlug, setChartSlug] = useState<string | undefined>(undefined)
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => followOverview(), [])
  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  const campaigns = overview?.campaigns ?? []
  // The chart follows the campaign picked, else the newest one.
  const charted = campaigns.find((campaign) => campaign.slug === chartSlug) ?? campaigns.at(-1)

  return (
    <main className="console">
      <header className="console__header">
        <h1 ref={headingRef} tabIndex={-1}>
          {texts.title}
        </h1>
        <p className="console__operator">{texts.operator(account)}</p>
        <p className="console__live" role="status">
          {connected ? texts.live : texts.reconnecting}
        </p>
        {signOutButton}
      </header>
      <CampaignsTable campaigns={campaigns} onShowChart={setChartSlug} />
      {charted && (
        <ClaimsChart
          campaigns={campaigns}
          campaign={charted}
          onPick={(slug) => setChartSlug(slug)}
        />
      )}
      <div className="console__forms">
        <NewCampaignForm onCreated={setChartSlug} />
        <GenerateCodesForm campaigns={campaigns} />
      </div>
      {overview && <PayoutsPanel payouts={overview.payouts} />}
    </main>
  )
}
