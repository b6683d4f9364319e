import { useId } from 'react'
import { useTexts } from '../i18n/current'
import { useClaim } from './claim'
import { ClaimReward } from './claim-reward'

/**
 * The reward a claim link pays, on the screens before the dashboard: the visitor sees what they
 * are entering for before 'Enter the Forest'. While the server is asked, a placeholder of the
 * card's size keeps the screen from jumping when it arrives.
 */
export function ClaimCard() {
  const texts = useTexts()
  const claim = useClaim()
  const headingId = useId()
  switch (claim.status) {
    case 'previewing':
      return <div className="claim-card claim-card--waiting" aria-hidden="true" />
    case 'previewed':
      return (
        <section className="claim-card" aria-labelledby={headingId}>
          <h2 id={headingId} className="claim-card__title">
            {texts.claimWaiting}
          </h2>
          <ClaimReward preview={claim.preview} />
        </section>
      )
    case 'notFound':
      return <p className="claim-card claim-card--none">{texts.claimNotFound}</p>
    default:
      return null
  }
}
