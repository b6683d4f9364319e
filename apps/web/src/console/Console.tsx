import { type ReactNode, useEffect, useRef, useState } from 'react'
import { signOutEverywhere } from '../session/signOutEverywhere'
import { Button } from '../ui/Button'
import { adminApi } from './adminApi'
import { CampaignsTable } from './CampaignsTable'
import { ClaimsChart } from './ClaimsChart'
import { describeAdminError } from './describeError'
import { GenerateCodesForm } from './GenerateCodesForm'
import { NewCampaignForm } from './NewCampaignForm'
import { Notice } from './Notice'
import { followOverview, useOverview } from './overview'
import { PayoutsPanel } from './PayoutsPanel'
import { useConsoleTexts } from './useConsoleTexts'
import './Console.css'

type Access = { status: 'checking' } | { status: 'granted' } | { status: 'refused'; error: unknown }

/**
 * The operator console: campaigns with their counts and chart, new campaigns and codes, payouts.
 * The server grants it to a verified wallet of ADMIN_ACCOUNTS only; anyone else is told why and
 * sees nothing else. What it shows arrives on its live stream, so counts move without a reload.
 *
 * It imports neither sonner nor the visitor's screens (useSignOut's toasts, Screen): with them
 * in a second lazy chunk the bundler splits the login screen's JavaScript into several files.
 */
export function Console({ account }: { account: string }) {
  const texts = useConsoleTexts()
  const [access, setAccess] = useState<Access>({ status: 'checking' })
  const [signingOut, setSigningOut] = useState(false)
  const [signOutFailure, setSignOutFailure] = useState<string | undefined>(undefined)
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    let current = true
    adminApi.operator().then(
      () => current && setAccess({ status: 'granted' }),
      (error: unknown) => current && setAccess({ status: 'refused', error }),
    )
    return () => {
      current = false
    }
  }, [])
  // Keyboard and screen-reader users start on the console's heading, as on every screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again when the heading changes
  useEffect(() => {
    headingRef.current?.focus()
  }, [access.status])

  async function signOut() {
    setSigningOut(true)
    setSignOutFailure(undefined)
    try {
      await signOutEverywhere()
    } catch (error) {
      setSignOutFailure(texts.failed(describeAdminError(error, texts)))
      setSigningOut(false)
    }
  }

  return (
    <main className="console">
      <header className="console__header">
        <h1 ref={headingRef} tabIndex={-1}>
          {access.status === 'refused' ? texts.refusedTitle : texts.title}
        </h1>
        <p className="console__operator">{texts.operator(account)}</p>
        {access.status === 'granted' && <LiveIndicator />}
        <Button variant="secondary" busy={signingOut} onClick={() => void signOut()}>
          {texts.signOut}
        </Button>
      </header>
      {signOutFailure && <Notice notice={{ text: signOutFailure, failed: true }} />}
      {access.status === 'checking' && <p role="status">{texts.checking}</p>}
      {access.status === 'refused' && <p role="alert">{describeAdminError(access.error, texts)}</p>}
      {access.status === 'granted' && <ConsoleBoard />}
    </main>
  )
}

function LiveIndicator() {
  const texts = useConsoleTexts()
  const { connected } = useOverview()
  return (
    <p className="console__live" role="status">
      {connected ? texts.live : texts.reconnecting}
    </p>
  )
}

function ConsoleBoard(): ReactNode {
  const { overview } = useOverview()
  const [chartSlug, setChartSlug] = useState<string | undefined>(undefined)
  useEffect(() => followOverview(), [])

  const campaigns = overview?.campaigns ?? []
  // The chart follows the campaign picked, else the newest one.
  const charted = campaigns.find((campaign) => campaign.slug === chartSlug) ?? campaigns.at(-1)
  return (
    <>
      <CampaignsTable campaigns={campaigns} onShowChart={setChartSlug} />
      {charted && <ClaimsChart campaigns={campaigns} campaign={charted} onPick={setChartSlug} />}
      <div className="console__forms">
        <NewCampaignForm onCreated={setChartSlug} />
        <GenerateCodesForm campaigns={campaigns} />
      </div>
      {overview && <PayoutsPanel payouts={overview.payouts} />}
    </>
  )
}
