import { useEffect, useRef } from 'react'
import { noTokens, type TokenBalanceSource, useTokenBalance } from '../../chain/tokenBalance'
import { useLanguage, useTexts } from '../../i18n/current'
import { formatTokenAmount } from '../../i18n/format'
import { useSignOut } from '../../session/useSignOut'
import { Button } from '../../ui/Button'

interface HeaderProps {
  waxAccount: string
  onHelp: () => void
  /** where the account's reward-token balance is read */
  balanceSource: TokenBalanceSource
  /** changes when a payout lands, to read the balance again */
  balanceRefreshKey: string
}

export function Header({ waxAccount, onHelp, balanceSource, balanceRefreshKey }: HeaderProps) {
  const texts = useTexts()
  const language = useLanguage()
  const balance = useTokenBalance(balanceSource, waxAccount, balanceRefreshKey)
  const { signingOut, signOut } = useSignOut()
  const headingRef = useRef<HTMLHeadingElement>(null)
  // As on the other screens: keyboard and screen-reader users start on the new screen.
  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  return (
    <header className="dashboard__header">
      <h1 className="dashboard__title" ref={headingRef} tabIndex={-1}>
        <svg viewBox="0 0 64 64" width="30" height="30" aria-hidden="true">
          <path d="M32 4 14 30h9L10 48h44L41 30h9Z" fill="currentColor" />
          <rect x="28" y="48" width="8" height="12" rx="2" fill="currentColor" />
        </svg>
        {texts.title}
      </h1>
      <p className="dashboard__account">{texts.waxAccount(waxAccount)}</p>
      {balance.status === 'read' && (
        <p className="dashboard__account dashboard__balance" aria-live="polite">
          {texts.balance(formatTokenAmount(balance.balance ?? noTokens(balanceSource), language))}
        </p>
      )}
      <div className="dashboard__actions">
        <Button variant="secondary" className="dashboard__action" onClick={onHelp}>
          {texts.help}
        </Button>
        <Button
          variant="secondary"
          className="dashboard__action"
          disabled={signingOut}
          onClick={signOut}
        >
          {texts.logout}
        </Button>
      </div>
    </header>
  )
}
