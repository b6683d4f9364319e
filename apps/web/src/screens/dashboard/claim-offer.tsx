import { useEffect } from 'react'
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
 * under way here. A refusal is said here, under the reward it refused; a link that cannot pay
 * now says why, and one whose reward could not be read says so, instead of offering the tap.
 * 'Not now' lets it go.
 */
export function ClaimOffer() {
  const texts = useTexts()
  const language = useLanguage()
  const claim = useClaim()
  const sending = useClaimSending()
  const waiting = claim.status !== 'none' && claim.status !== 'notFound'

  useEffect(() => {
    if (waiting) leaveClaimLinkAddress()
  }, [waiting])

  if (!waiting) return null
  const busy = sending.status === 'sending' || sending.status === 'requested'
  const refusal = sending.status === 'refused' ? sending : undefined
  const open = claimable(claim) && !refusal?.final

  return (
    <Panel
      className="panel--claim"
      title={claim.status === 'unread' ? texts.claimLinkTitle : texts.claimWaiting}
    >
      {claim.status === 'previewed' && <ClaimReward preview={claim.preview} />}
      {claim.status === 'previewing' && <p className="claim-offer__code">{texts.claimReading}</p>}
      {claim.status === 'unread' && <ClaimUnread error={claim.error} />}
      {refusal && (
        <p className="claim-offer__refusal" role="alert">
          {refusal.message}
        </p>
      )}
      <div className="claim-offer__actions">
        {open && (
          <Button busy={busy} busyLabel={texts.claimingReward} onClick={() => void claimNow()}>
            {texts.claimReward(rewardName(claim.preview, language))}
          </Button>
        )}
        <Button variant="secondary" disabled={busy} onClick={refusal ? closeClaim : endClaim}>
          {open ? texts.claimLater : texts.close}
        </Button>
      </div>
      <HumanCheckProgress progress={sending.status === 'sending' ? sending.checking : 'idle'} />
    </Panel>
  )
}
