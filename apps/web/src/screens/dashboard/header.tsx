import { useEffect, useId, useRef } from 'react'
import { noTokens, type TokenBalanceSource, useTokenBalance } from '../../chain/token-balance'
import { useLanguage, useTexts } from '../../i18n/current'
import { formatTokenAmount } from '../../i18n/format'
import { LanguagePicker } from '../../i18n/language-picker'
import { useSignOut } from '../../session/use-sign-out'
import { ThemePicker } from '../../theme/theme-picker'
import { Button } from '../../ui/button'
import { IconButton } from '../../ui/icon-button'

interface HeaderProps {
  waxAccount: string
  onHelp: () => void
  /** where the account's reward-token balance is read */
  balanceSource: TokenBalanceSource
  /** changes when a payout lands, to read the balance again */
  balanceRefreshKey: string
}

/**
 * One row: the title, the account with its balance, and the actions (Help, the language, the
 * theme, Sign out everywhere, Logout). On a wide screen the actions sit in the row; on a phone
 * they fold into a menu (a popover) behind one button, so the header stays one row high.
 */
export function Header({ waxAccount, onHelp, balanceSource, balanceRefreshKey }: HeaderProps) {
  const texts = useTexts()
  const language = useLanguage()
  const balance = useTokenBalance(balanceSource, waxAccount, balanceRefreshKey)
  const { signingOut, signOut, signOutEverywhere } = useSignOut()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const menuId = useId()
  // As on the other screens: keyboard and screen-reader users start on the new screen.
  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  /** One of the menu's actions, run with the menu folded away (a no-op where it is no popover). */
  const menuAction = (label: string, action: () => void, disabled = false) => (
    <Button
      variant="secondary"
      className="dashboard__action"
      disabled={disabled}
      onClick={() => {
        if (menuRef.current?.matches(':popover-open')) menuRef.current.hidePopover()
        action()
      }}
    >
      {label}
    </Button>
  )
  const amount =
    balance.status === 'read'
      ? formatTokenAmount(balance.balance ?? noTokens(balanceSource), language)
      : undefined

  return (
    <header className="dashboard__header">
      <h1 className="dashboard__title" ref={headingRef} tabIndex={-1}>
        <svg viewBox="0 0 64 64" width="30" height="30" aria-hidden="true">
          <path d="M32 4 14 30h9L10 48h44L41 30h9Z" fill="currentColor" />
          <rect x="28" y="48" width="8" height="12" rx="2" fill="currentColor" />
        </svg>
        <span className="dashboard__title-text">{texts.title}</span>
      </h1>
      <p className="account-chip">
        <span className="account-chip__account">{texts.waxAccount(waxAccount)}</span>
        {amount && (
          <span className="account-chip__balance" aria-live="polite">
            <span className="visually-hidden">{texts.balance(amount)}</span>
            <span aria-hidden="true">{amount}</span>
          </span>
        )}
      </p>
      <IconButton
        icon="menu"
        className="dashboard__menu-button"
        popoverTarget={menuId}
        aria-label={texts.menu}
      />
      <div id={menuId} ref={menuRef} popover="auto" className="dashboard__menu">
        {menuAction(texts.help, onHelp)}
        <LanguagePicker className="dashboard__setting" />
        <ThemePicker className="dashboard__setting" />
        {menuAction(texts.signOutEverywhere, signOutEverywhere, signingOut)}
        {menuAction(texts.logout, signOut, signingOut)}
      </div>
    </header>
  )
}
