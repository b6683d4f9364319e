import type { PendingReward } from '@fernwood/protocol'
import { type CSSProperties, useRef, useState } from 'react'
import { toast } from 'sonner'
import { useLanguage, useTexts } from '../../i18n/current'
import { formatTokenAmount } from '../../i18n/format'
import { NftOnItsWay } from '../../nfts/nft-on-its-way'
import { dismissReward } from '../../rewards/dismiss-reward'
import { REJECTED_CARD_SEEN_MS, useLeaveOnceSeen } from '../../rewards/leave-once-seen'
import { rejectionText } from '../../rewards/rule-wording'
import { errorMessage } from '../../ui/error-message'
import { RelativeTime } from '../../ui/relative-time'
import '../../ui/small-button.css'
import { TransactionId } from '../../ui/transaction-id'
import { Panel } from './panel'
import { ShowOlderButton } from './show-older-button'

/**
 * Codes the Forest Spirits have not paid yet, newest first; absent while there are none. The live
 * feed brings the newest page, and 'Show older' the ones before it.
 */
export function ActivityList({
  pending,
  explorerTransactionUrl,
}: {
  pending: PendingReward[]
  /** the chain's explorer page for a transaction, `{id}` standing for its id */
  explorerTransactionUrl: string
}) {
  const texts = useTexts()
  if (pending.length === 0) return null

  return (
    // A polite live region: a reward turning Processing, Confirming or Rejected is read out. Each
    // entry is atomic, so a change inside one reads that whole entry (code, status, reason or
    // transaction) and no other.
    <Panel
      title={texts.activityTitle}
      aria-live="polite"
      aria-relevant="additions text"
      aria-atomic="false"
    >
      <ul className="activity">
        {pending.map((reward) => (
          <ActivityEntry
            key={reward.id}
            reward={reward}
            explorerTransactionUrl={explorerTransactionUrl}
          />
        ))}
      </ul>
      <ShowOlderButton list="activity" />
    </Panel>
  )
}

/**
 * One code not paid yet: its status, and what it pays once known (an NFT's art from the start).
 * A rejected one says why, can be dismissed, and leaves by itself once it has been seen a while.
 */
function ActivityEntry({
  reward,
  explorerTransactionUrl,
}: {
  reward: PendingReward
  explorerTransactionUrl: string
}) {
  const texts = useTexts()
  const language = useLanguage()
  const entryRef = useRef<HTMLLIElement>(null)
  const [dismissing, setDismissing] = useState(false)
  const rejected = reward.status === 'rejected'
  const status = reward.delayed ? 'delayed' : reward.status

  async function dismiss(byHand: boolean) {
    setDismissing(true)
    try {
      await dismissReward(reward.id)
    } catch (error) {
      // Leaving by itself, it stays when it cannot: the visitor may still dismiss it.
      if (byHand) toast.error(texts.dismissFailed(errorMessage(error)))
      setDismissing(false)
    }
  }
  const leaving = useLeaveOnceSeen(entryRef, () => void dismiss(false), {
    enabled: rejected && !dismissing,
    seenMs: REJECTED_CARD_SEEN_MS,
  })

  return (
    <li
      ref={entryRef}
      className="activity__item"
      data-status={status}
      data-leaving={leaving || undefined}
      style={{ '--leaving-ms': `${REJECTED_CARD_SEEN_MS}ms` } as CSSProperties}
      aria-atomic="true"
    >
      <span className="activity__code">{reward.code}</span>
      <span className="activity__status">{texts.rewardStatus[status]}</span>
      <RelativeTime className="activity__when" iso={reward.createdAt} />
      {rejected && (reward.rejection || reward.reason) && (
        <span className="activity__reason">{rejectionText(reward, texts, language)}</span>
      )}
      {rejected && (
        // Takes the code out of the list, for good: the live feed removes it once kept.
        <button
          type="button"
          className="small-button activity__dismiss"
          aria-label={texts.dismissCode(reward.code)}
          disabled={dismissing}
          onClick={() => void dismiss(true)}
        >
          {texts.dismiss}
        </button>
      )}
      {!rejected && reward.nft && <NftOnItsWay nft={reward.nft} />}
      {reward.delayed && <span className="activity__reason">{texts.delayedNote}</span>}
      {reward.status === 'confirming' && reward.transactionId && (
        <span className="activity__reason">
          {reward.reward &&
            texts.confirmingNote(
              formatTokenAmount(`${reward.reward.amount} ${reward.reward.token}`, language),
            )}{' '}
          <TransactionId
            className="activity__tx"
            id={reward.transactionId}
            explorerTransactionUrl={explorerTransactionUrl}
          />
        </span>
      )}
    </li>
  )
}
