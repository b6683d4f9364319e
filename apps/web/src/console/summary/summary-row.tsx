import type { AdminOverview } from '@fernwood/protocol/admin'
import { type ReactNode, useEffect, useState } from 'react'
import { useLanguage } from '../../i18n/current'
import { formatTokenAmount } from '../../i18n/format'
import { localeOf } from '../../i18n/languages'
import { useConsoleTexts } from '../texts/use-console-texts'
import { type ClaimCount, summaryFigures } from './summary-figures'

/** The time now, again each minute: "the last hour" moves on even while nobody claims. */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

function Figure({
  name,
  label,
  children,
  detail,
}: {
  name: string
  label: string
  children: ReactNode
  detail?: ReactNode
}) {
  return (
    <div className="console__figure" data-figure={name}>
      <dt>{label}</dt>
      <dd className="console__figure-value">{children}</dd>
      {detail && <dd className="console__figure-detail">{detail}</dd>}
    </div>
  )
}

/**
 * What an event team looks at first, above everything else: campaigns open, claims today and in
 * the last hour, payouts still to be paid and those waiting for an operator, and the payout balance or what is wrong with it.
 * Worked out from the live overview, so the figures move with it.
 */
export function SummaryRow({ overview }: { overview: AdminOverview }) {
  const texts = useConsoleTexts()
  const language = useLanguage()
  const figures = summaryFigures(overview, useMinute())
  const number = new Intl.NumberFormat(localeOf(language))
  const claims = ({ count, atLeast }: ClaimCount) =>
    atLeast ? texts.summary.atLeast(number.format(count)) : number.format(count)
  const waiting = figures.failedPayouts + figures.stuckPayouts
  return (
    <section className="console__summary" aria-labelledby="console-summary">
      <h2 id="console-summary" className="visually-hidden">
        {texts.summary.title}
      </h2>
      <dl className="console__figures">
        <Figure name="open" label={texts.summary.openCampaigns}>
          {number.format(figures.openCampaigns)}
        </Figure>
        <Figure name="today" label={texts.summary.claimsToday}>
          {claims(figures.claimsToday)}
        </Figure>
        <Figure name="hour" label={texts.summary.claimsLastHour}>
          {claims(figures.claimsLastHour)}
        </Figure>
        <Figure name="pending" label={texts.summary.pendingPayouts}>
          {number.format(figures.pendingPayouts)}
        </Figure>
        <Figure
          name="payouts"
          label={texts.summary.payouts}
          detail={
            waiting > 0 && texts.summary.payoutsDetail(figures.failedPayouts, figures.stuckPayouts)
          }
        >
          {number.format(waiting)}
        </Figure>
        <Figure
          name="balance"
          label={texts.summary.balance}
          detail={
            figures.balanceWarning && (
              <span className="console__warning">
                {figures.balanceWarning === 'paused' ? texts.summary.paused : texts.summary.exceeds}
              </span>
            )
          }
        >
          {figures.balance === null
            ? texts.summary.balanceUnknown
            : formatTokenAmount(figures.balance, language)}
        </Figure>
      </dl>
    </section>
  )
}
