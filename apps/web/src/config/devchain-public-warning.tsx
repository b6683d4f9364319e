import { useTexts } from '../i18n/current'
import { useConfig } from './use-config'
import './devchain-public-warning.css'

/**
 * On a devchain its operator serves publicly (DEVCHAIN_PUBLIC=true), every screen says so: its
 * keys are public, and a visitor must not take anything here for real money.
 */
export function DevchainPublicWarning() {
  const texts = useTexts()
  const devchainPublic = useConfig()?.devchainPublic === true

  if (!devchainPublic) return null
  return (
    <aside className="devchain-warning" aria-labelledby="devchain-warning-title">
      <p className="devchain-warning__text">
        <strong id="devchain-warning-title">{texts.devchainPublicTitle}</strong>{' '}
        {texts.devchainPublicWarning}
      </p>
    </aside>
  )
}
