import { useId } from 'react'
import { ApiError } from '../api/client'
import { useLanguage, useTexts } from '../i18n/current'
import type { Texts } from '../i18n/en'
import { formatWaitingTime } from '../i18n/format'
import type { Language } from '../i18n/languages'
import { Button } from '../ui/button'
import { previewWaitingClaim, useClaim } from './claim'
import { ClaimReward } from './claim-reward'

/**
 * The reward a claim link pays, on the screens before the dashboard: the visitor sees what they
 * are entering for before they claim. While the server is asked, a placeholder of the card's
 * size keeps the screen from jumping when it arrives; a reward it could not read is said to be
 * so, never shown blank.
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
    case 'unread':
      return (
        <div className="claim-card claim-card--none">
          <ClaimUnread error={claim.error} />
        </div>
      )
    case 'notFound':
      return <p className="claim-card claim-card--none">{texts.claimNotFound}</p>
    default:
      return null
  }
}

/** Why a claim link's reward could not be read, announced, and a way to ask again. */
export function ClaimUnread({ error }: { error: unknown }) {
  const texts = useTexts()
  const language = useLanguage()
  return (
    <div className="claim-unread">
      <p role="status">{unreadWords(error, texts, language)}</p>
      <Button variant="secondary" onClick={() => void previewWaitingClaim()}>
        {texts.claimTryAgain}
      </Button>
    </div>
  )
}

/** The address locked out for unknown codes is told so and for how long; anything else, plainly. */
function unreadWords(error: unknown, texts: Texts, language: Language): string {
  if (!(error instanceof ApiError && error.code === 'CODE_LOCKED_OUT')) return texts.claimUnread
  const wait = error.retryAfterSeconds
  return texts.claimLockedOut(wait === undefined ? undefined : formatWaitingTime(wait, language))
}
