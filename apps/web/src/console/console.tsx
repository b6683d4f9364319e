import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useLanguage } from '../i18n/current'
import { signOutHere } from '../session/leave'
import { Button } from '../ui/button'
import { CampaignsTable } from './campaigns/campaigns-table'
import { ClaimsChart } from './campaigns/claims-chart'
import { NewCampaignForm } from './campaigns/new-campaign-form'
import { ConsoleSignIn } from './console-sign-in'
import { GenerateCodesForm } from './generations/generate-codes-form'
import { GenerationsTable } from './generations/generations-table'
import { followOverview, useOverview } from './overview'
import { ApiKeysPanel } from './partners/api-keys-panel'
import { WebhooksPanel } from './partners/webhooks-panel'
import { PayoutsPanel } from './payouts/payouts-panel'
import { adminApi } from './shared/admin-api'
import { ConsoleCard } from './shared/console-card'
import { describeAdminError } from './shared/describe-error'
import { browserTimeZone } from './shared/format-time'
import { Notice } from './shared/notice'
import { SummaryRow } from './summary/summary-row'
import { useConsoleTexts } from './texts/use-console-texts'
import './console.css'

type Access = { status: 'checking' } | { status: 'granted' } | { status: 'refused'; error: unknown }

/**
 * The operator console, every step of it at /admin: its own sign-in and wallet step, then the
 * campaigns with their counts and chart, new campaigns and codes, payouts. The server grants it to
 * a verified wallet of ADMIN_ACCOUNTS only; anyone else is told plainly that this wallet is not an
 * operator's, and sees nothing else. What it shows arrives on its live stream, so counts move
 * without a reload.
 *
 * It imports neither sonner nor the visitor's screens (useSignOut's toasts, Screen): with them
 * in a second lazy chunk the bundler splits the login screen's JavaScript into several files.
 */
export function Console({
  signedIn,
  account,
  connectWallet,
}: {
  signedIn: boolean
  account: string | null
  /** the app's 'Connect WAX Wallet' (see ConsoleSignIn) */
  connectWallet(): Promise<unknown>
}) {
  if (!signedIn) return <ConsoleSignIn key="signIn" step="signIn" connectWallet={connectWallet} />
  if (account === null) {
    return <ConsoleSignIn key="connect" step="connect" connectWallet={connectWallet} />
  }
  // Another wallet is another operator, or none: its access is checked afresh.
  return <OperatorConsole key={account} account={account} />
}

function OperatorConsole({ account }: { account: string }) {
  const texts = useConsoleTexts()
  const [access, setAccess] = useState<Access>({ status: 'checking' })

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

  if (access.status === 'checking') {
    return (
      <ConsoleCard title={texts.title}>
        <p role="status">{texts.checking}</p>
      </ConsoleCard>
    )
  }
  if (access.status === 'refused') return <Refusal account={account} error={access.error} />
  return <ConsoleBoard account={account} />
}

/** Signs this browser out, saying so where it failed; the page then shows the sign-in step. */
function useSignOut() {
  const texts = useConsoleTexts()
  const [signingOut, setSigningOut] = useState(false)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  async function signOut() {
    setSigningOut(true)
    setFailure(undefined)
    try {
      await signOutHere()
    } catch (error) {
      setFailure(texts.failed(describeAdminError(error, texts)))
      setSigningOut(false)
    }
  }
  return { signingOut, failure, signOut }
}

/**
 * Whoever the server refused: who is signed in, why this wallet does not open the console (in
 * words, no setting's name), and the ways out: back to Fernwood, or another wallet.
 */
function Refusal({ account, error }: { account: string; error: unknown }) {
  const texts = useConsoleTexts()
  const { signingOut, failure, signOut } = useSignOut()
  return (
    <ConsoleCard title={texts.refusedTitle}>
      <p>{texts.signedInAs(account)}</p>
      <p role="alert" className="console__refusal">
        {describeAdminError(error, texts)}
      </p>
      <p>{texts.refusedNext}</p>
      <div className="console__card-actions">
        <Button variant="secondary" busy={signingOut} onClick={() => void signOut()}>
          {texts.switchWallet}
        </Button>
      </div>
      {failure && <Notice notice={{ text: failure, failed: true }} />}
      <a href="/">{texts.backToSite}</a>
    </ConsoleCard>
  )
}

function LiveIndicator() {
  const texts = useConsoleTexts()
  const { connection } = useOverview()
  return (
    <p className="console__live" role="status">
      {connection === 'open' ? texts.live : texts.reconnecting}
    </p>
  )
}

function ConsoleBoard({ account }: { account: string }): ReactNode {
  const texts = useConsoleTexts()
  const language = useLanguage()
  const { overview } = useOverview()
  const { signingOut, failure, signOut } = useSignOut()
  const [chartSlug, setChartSlug] = useState<string | undefined>(undefined)
  const [createdSlug, setCreatedSlug] = useState<string | undefined>(undefined)
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => followOverview(), [])
  // Keyboard and screen-reader users start on the console's heading, as on every screen.
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
        <LiveIndicator />
        <Button variant="secondary" busy={signingOut} onClick={() => void signOut()}>
          {texts.signOut}
        </Button>
        <p className="console__zone">{texts.timeZone(browserTimeZone(language))}</p>
      </header>
      {failure && <Notice notice={{ text: failure, failed: true }} />}
      {overview && <SummaryRow overview={overview} />}
      <CampaignsTable
        campaigns={campaigns}
        kioskCredentials={overview?.kioskCredentials ?? []}
        created={createdSlug}
        onShowChart={setChartSlug}
      />
      {charted && <ClaimsChart campaigns={campaigns} campaign={charted} onPick={setChartSlug} />}
      <div className="console__forms">
        <NewCampaignForm
          onCreated={(slug) => {
            setChartSlug(slug)
            setCreatedSlug(slug)
          }}
        />
        <GenerateCodesForm campaigns={campaigns} generations={overview?.generations ?? []} />
      </div>
      {overview && <GenerationsTable generations={overview.generations} />}
      {overview && <PayoutsPanel payouts={overview.payouts} />}
      {overview && <ApiKeysPanel campaigns={campaigns} />}
      {overview && <WebhooksPanel campaigns={campaigns} />}
    </main>
  )
}
