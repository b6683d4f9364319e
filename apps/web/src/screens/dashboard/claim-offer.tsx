import { useEffect } from 'react'
import { claimable, endClaim, useClaim } from '../../claim-link/claim'
import { ClaimReward, claimRewardWords } from '../../claim-link/claim-reward'
import { leaveClaimLinkAddress } from '../../claim-link/waiting-claim'
import { useLanguage, useTexts } from '../../i18n/current'
import { HumanCheckProgress } from '../../rewards/human-check-progress'
import { useSubmitCode } from '../../rewards/use-submit-code'
import { Button } from '../../ui/button'
import { Panel } from './panel'

/**
 * The claim link the visitor came with, at the top of the dashboard: what it pays, and one tap
 * to claim it ('Claim 10.0000 FERN'), which submits its code as the code box would. 'Not now'
 * lets it go; a claim that cannot pay now says why instead of offering the tap.
 */
export function ClaimOffer() {
  const texts = useTexts()
  const language = useLanguage()
  const claim = useClaim()
  const { submitting, checking, submit } = useSubmitCode()
  const waiting = claim.status !== 'none' && claim.status !== 'notFound'

  useEffect(() => {
    if (waiting) leaveClaimLinkAddress()
  }, [waiting])

  if (!waiting) return null
  const { code } = claim
  const preview = claim.status === 'previewed' ? claim.preview : undefined
  const open = claimable(claim)
  const reward = preview ? claimRewardWords(preview, texts, language) : code

  async function claimIt() {
    // Claimed or refused on the spot, it is over; a failure (offline, a limit) may be tried again.
    if ((await submit(code)) !== 'failed') endClaim()
  }

  return (
    <Panel className="panel--claim" title={texts.claimWaiting}>
      {preview ? <ClaimReward preview={preview} /> : <p className="claim-offer__code">{code}</p>}
      <div className="claim-offer__actions">
        {open && (
          <Button busy={submitting} busyLabel={texts.claimingReward} onClick={claimIt}>
            {texts.claimReward(reward)}
          </Button>
        )}
        <Button variant="secondary" disabled={submitting} onClick={endClaim}>
          {open ? texts.claimLater : texts.close}
        </Button>
      </div>
      <HumanCheckProgress progress={checking} />
    </Panel>
  )
}
