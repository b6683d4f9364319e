import { useEffect, useId, useRef } from 'react'
import { claimable, endClaim, useClaim } from '../../claim-link/claim'
import { ClaimUnread } from '../../claim-link/claim-card'
import { ClaimReward } from '../../claim-link/claim-reward'
import { claimNow, closeClaim, useClaimSending } from '../../claim-link/claim-sending'
import { rewardName } from '../../claim-link/reward-name'
import { leaveClaimLinkAddress } from '../../claim-link/waiting-claim'
import { useLanguage, useTexts } from '../../i18n/current'
import { HumanCheckProgress } from '../../rewards/human-check-progress'
import { Button } from '../../ui/button'
import { Panel } from './panel'

/**
 * The claim link the visitor came with, at the top of the dashboard: what it pays, and one tap
 * to claim it ('Claim 25 FERN'), unless they tapped it already on the way in, in which case it is
 * under way here. A refusal is said under the button that sent the claim, as a typed code's is
 * under its box: announced, in the same words (a lockout with how long), and describing the
 * button that tries again or, when trying again cannot help, the one that closes the offer, which
 * then takes focus from the button gone. A link that cannot pay now says why, and one whose
 * reward could not be read says so, instead of offering the tap. 'Not now' lets it go.
 */
export function ClaimOffer() {
  const texts = useTexts()
  const language = useLanguage()
  const claim = useClaim()
  const sending = useClaimSending()
  const waiting = claim.status !== 'none' && claim.status !== 'notFound'
  const refusalId = useId()
  const closeRef = useRef<HTMLButtonElement>(null)
  const refusal = sending.status === 'refused' ? sending : undefined
  const refusedForGood = refusal?.final === true

  useEffect(() => {
    if (refusedForGood) closeRef.current?.focus()
  }, [refusedForGood])

  useEffect(() => {
    if (waiting) leaveClaimLinkAddress()
  }, [waiting])

  if (!waiting) return null
  const busy = sending.status === 'sending' || sending.status === 'requested'
  const open = claimable(claim) && !refusedForGood
  const describedByRefusal = refusal ? refusalId : undefined

  return (
    <Panel
      className="panel--claim"
      title={claim.status === 'unread' ? texts.claimLinkTitle : texts.claimWaiting}
    >
      {claim.status === 'previewed' && <ClaimReward preview={claim.preview} />}
      {claim.status === 'previewing' && <p className="claim-offer__code">{texts.claimReading}</p>}
      {claim.status === 'unread' && <ClaimUnread error={claim.error} />}
      <div className="claim-offer__actions">
        {open && (
          <Button
            busy={busy}
            busyLabel={texts.claimingReward}
            aria-describedby={describedByRefusal}
            onClick={() => void claimNow()}
          >
            {texts.claimReward(rewardName(claim.preview, language))}
          </Button>
        )}
        <p id={refusalId} className="claim-offer__refusal" role="alert">
          {refusal?.message}
        </p>
        <Button
          ref={closeRef}
          variant="secondary"
          disabled={busy}
          aria-describedby={open ? undefined : describedByRefusal}
          onClick={refusal ? closeClaim : endClaim}
        >
          {open ? texts.claimLater : texts.close}
        </Button>
      </div>
      <HumanCheckProgress progress={sending.status === 'sending' ? sending.checking : 'idle'} />
    </Panel>
  )
}
