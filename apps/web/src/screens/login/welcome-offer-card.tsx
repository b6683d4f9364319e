import { useId } from 'react'
import { ClaimReward } from '../../claim-link/claim-reward'
import { useConfig } from '../../config/use-config'
import { useTexts } from '../../i18n/current'
import { useWelcomeOffer } from '../../offers/welcome-offer'

/**
 * What entering gets a visitor, before they enter: the welcome reward (amount, campaign, until
 * when and how many are left, as a claim link shows a reward), how to claim it, and the staking
 * bonus that follows. Nothing while it is read, so the screen never shows a blank offer.
 */
export function WelcomeOfferCard() {
  const texts = useTexts()
  const offer = useWelcomeOffer()
  const config = useConfig()
  const headingId = useId()
  if (!offer) return null
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
