import { useEffect, useState } from 'react'
import { useTexts } from '../i18n/current'
import { loadConfig } from './store'
import './devchain-public-warning.css'

/**
 * On a devchain its operator serves publicly (DEVCHAIN_PUBLIC=true), every screen says so: its
 * keys are public, and a visitor must not take anything here for real money.
 */
export function DevchainPublicWarning() {
  const texts = useTexts()
  const [devchainPublic, setDevchainPublic] = useState(false)
  useEffect(() => {
    let current = true
    loadConfig().then(
      (config) => current && setDevchainPublic(config.devchainPublic === true),
      () => {
        // Without the config there is nothing to warn of yet; the screens report the failure.
      },
    )
    return () => {
      current = false
    }
  }, [])

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
