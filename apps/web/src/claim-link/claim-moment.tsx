import type { PendingReward, RewardHistoryEntry } from '@fernwood/protocol'
import { useEffect, useId, useRef, useState } from 'react'
import { useConfig } from '../config/use-config'
import { currentTexts, useLanguage, useTexts } from '../i18n/current'
import type { Texts } from '../i18n/en'
import type { Language } from '../i18n/languages'
import { type LiveState, useLive } from '../live/store'
import { NftPicture } from '../nfts/nft-picture'
import { rejectionText } from '../rewards/rule-wording'
import { Button } from '../ui/button'
import { type ClaimSending, closeClaim, useClaimSending } from './claim-sending'
import { rewardName } from './reward-name'
import { shareReward } from './share-reward'
import './claim-moment.css'

type Claimed = Extract<ClaimSending, { status: 'claimed' }>

/** The claim taken, over whatever screen is below: shown until the visitor dismisses it. */
export function ClaimMoment() {
  const sending = useClaimSending()
  return sending.status === 'claimed' ? <ClaimMomentDialog claimed={sending} /> : null
}

/**
 * A full-screen `<dialog>`: the reward large (the amount, or the NFT's art and name), its status
 * following the live feed from pending to paid (announced as it changes), the transaction once
 * there is one, and Share. Escape or 'Go to my dashboard' leaves it for the dashboard.
 */
function ClaimMomentDialog({ claimed }: { claimed: Claimed }) {
  const texts = useTexts()
  const language = useLanguage()
  const live = useLive()
  const config = useConfig()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const titleId = useId()
  const statusId = useId()
  const [shareNote, setShareNote] = useState('')
  const { preview, account } = claimed
  const name = rewardName(preview, language)
  const now = rewardNow(live, claimed.reward)

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
    // The heading first: a screen reader says the dialog's name, then the status it describes.
    headingRef.current?.focus()
    // Unmounted, the dialog leaves the page and its top layer with it; what opened it (a claim
    // button, the wallet's dialog) is gone by then, so the page's own heading takes focus rather
    // than the document's start.
    return () => {
      if (document.activeElement === document.body) {
        document.querySelector<HTMLElement>('h1[tabindex="-1"]')?.focus()
      }
    }
  }, [])

  async function share() {
    setShareNote('')
    try {
      const outcome = await shareReward(currentTexts().claimShareText(name), location.origin)
      if (outcome === 'copied') setShareNote(currentTexts().claimShareCopied)
    } catch {
      setShareNote(currentTexts().claimShareFailed)
    }
  }

  return (
    <dialog
      ref={dialogRef}
      className="claim-moment"
      aria-labelledby={titleId}
      aria-describedby={statusId}
      onClose={closeClaim}
    >
      <div className="claim-moment__content" data-status={now.status}>
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className="claim-moment__title">
          {texts.claimedTitle}
        </h2>
        {preview.nft && <NftPicture nft={preview.nft} size={240} />}
        <p className="claim-moment__reward">{name}</p>
        <p className="claim-moment__campaign">{preview.campaign}</p>
        <p id={statusId} className="claim-moment__status" role="status">
          {statusWords(now, account, texts, language)}
        </p>
        {now.transactionId && config && (
          <p className="claim-moment__transaction">
            {texts.transaction}{' '}
            {/* The whole id in the link's text (CSS shortens what shows), so its name holds what
                is seen: a name other than the visible text fails speech-input users. */}
            <a
              href={config.chain.explorerTransactionUrl.replace('{id}', now.transactionId)}
              target="_blank"
              rel="noopener noreferrer"
              title={now.transactionId}
            >
              <span className="claim-moment__transaction-id">{now.transactionId}</span>
              <span className="visually-hidden"> {texts.opensInNewTab}</span>
            </a>
          </p>
        )}
        <div className="claim-moment__actions">
          <Button variant="secondary" onClick={share}>
            {texts.claimShare}
          </Button>
          <Button onClick={closeClaim}>{texts.claimToDashboard}</Button>
        </div>
        <p className="claim-moment__note" aria-live="polite">
          {shareNote}
        </p>
      </div>
    </dialog>
  )
}

/** Where the claimed reward is now, as the live feed last said. */
type RewardNow =
  | { status: 'paid'; transactionId: string }
  | { status: PendingReward['status']; transactionId?: string; reward: PendingReward }

function rewardNow(live: LiveState, claimed: PendingReward): RewardNow {
  // One wallet claims a code once: its history entry is the one of this code.
  const paid: RewardHistoryEntry | undefined = live.history.find(
    (entry) => entry.code === claimed.code,
  )
  if (paid) return { status: 'paid', transactionId: paid.transactionId }
  const reward = live.pending.find(({ id }) => id === claimed.id) ?? claimed
  return { status: reward.status, transactionId: reward.transactionId, reward }
}

function statusWords(now: RewardNow, account: string, texts: Texts, language: Language): string {
  switch (now.status) {
    case 'paid':
      return texts.claimedPaid(account)
    case 'confirming':
      return texts.claimedConfirming
    case 'rejected':
      return texts.codeRejected(rejectionText(now.reward, texts, language))
    default:
      return texts.claimedOnItsWay(account)
  }
}
