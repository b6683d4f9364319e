import { type ChangeEvent, useEffect, useId, useRef } from 'react'
import { noTokens, type TokenBalanceSource, useTokenBalance } from '../../chain/token-balance'
import { pickLanguage, useLanguage, useTexts } from '../../i18n/current'
import { formatTokenAmount } from '../../i18n/format'
import { type Language, languageNames, languages, localeOf } from '../../i18n/languages'
import { useSignOut } from '../../session/use-sign-out'
import { Button } from '../../ui/button'
import { IconButton } from '../../ui/icon-button'
import '../../ui/text-field.css'

interface HeaderProps {
  waxAccount: string
  onHelp: () => void
  /** where the account's reward-token balance is read */
  balanceSource: TokenBalanceSource
  /** changes when a payout lands, to read the balance again */
  balanceRefreshKey: string
}

/**
 * One row: the title, the account with its balance, and the actions (Help, the language, Sign
 * out everywhere, Logout). On a wide screen the actions sit in the row; on a phone they fold
 * into a menu (a popover) behind one button, so the header stays one row high.
 */
export function Header({ waxAccount, onHelp, balanceSource, balanceRefreshKey }: HeaderProps) {
  const texts = useTexts()
  const language = useLanguage()
  const balance = useTokenBalance(balanceSource, waxAccount, balanceRefreshKey)
  const { signingOut, signOut, signOutEverywhere } = useSignOut()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const menuId = useId()
  const languageId = useId()
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
        <div className="dashboard__language">
          <label htmlFor={languageId}>{texts.language}</label>
          <select
            id={languageId}
            className="text-field"
            aria-label={texts.language}
            value={language}
            onChange={(event: ChangeEvent<HTMLSelectElement>) =>
              void pickLanguage(event.target.value as Language)
            }
          >
            {languages.map((option) => (
              <option key={option} value={option} lang={localeOf(option)}>
                {languageNames[option]}
              </option>
            ))}
          </select>
        </div>
        {menuAction(texts.signOutEverywhere, signOutEverywhere, signingOut)}
        {menuAction(texts.logout, signOut, signingOut)}
      </div>
    </header>
  )
}
