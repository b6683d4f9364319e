import { useId } from 'react'
import { ClaimReward } from '../../claim-link/claim-reward'
import { useConfig } from '../../config/use-config'
import { useTexts } from '../../i18n/current'
import type { WelcomeOffer } from '../../offers/welcome-offer'

/**
 * What entering gets a visitor, before they enter: the welcome reward (amount, campaign, until
 * when and how many are left, as a claim link shows a reward), how to claim it, and the staking
 * bonus that follows.
 */
export function WelcomeOfferCard({ offer }: { offer: WelcomeOffer }) {
  const texts = useTexts()
  const config = useConfig()
  const headingId = useId()
  return (
    <section className="welcome-offer" aria-labelledby={headingId}>
      <h2 id={headingId} className="welcome-offer__title">
        {texts.welcomeOfferTitle}
      </h2>
      <ClaimReward preview={offer.preview} />
      <p className="welcome-offer__how">
        {texts.welcomeOfferHow(offer.code)}
        {config && ` ${texts.welcomeOfferBonus(config.welcomeBonus, config.token)}`}
      </p>
    </section>
  )
}
