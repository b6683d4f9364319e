import type { PendingReward } from '@fernwood/protocol'
import { useState } from 'react'
import { toast } from 'sonner'
import { useLanguage, useTexts } from '../../i18n/current'
import { formatTokenAmount } from '../../i18n/format'
import { dismissReward } from '../../rewards/dismiss-reward'
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
  const language = useLanguage()
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
          <li
            key={reward.id}
            className="activity__item"
            data-status={reward.delayed ? 'delayed' : reward.status}
            aria-atomic="true"
          >
            <span className="activity__code">{reward.code}</span>
            <span className="activity__status">
              {texts.rewardStatus[reward.delayed ? 'delayed' : reward.status]}
            </span>
            <RelativeTime className="activity__when" iso={reward.createdAt} />
            {reward.status === 'rejected' && (reward.rejection || reward.reason) && (
              <span className="activity__reason">{rejectionText(reward, texts, language)}</span>
            )}
            {reward.status === 'rejected' && <DismissButton reward={reward} />}
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
        ))}
      </ul>
      <ShowOlderButton list="activity" />
    </Panel>
  )
}

/** Takes a rejected code out of the list, for good: the live feed removes it once kept. */
function DismissButton({ reward }: { reward: PendingReward }) {
  const texts = useTexts()
  const [dismissing, setDismissing] = useState(false)

  async function dismiss() {
    setDismissing(true)
    try {
      await dismissReward(reward.id)
    } catch (error) {
      toast.error(texts.dismissFailed(errorMessage(error)))
      setDismissing(false)
    }
  }

  return (
    <button
      type="button"
      className="small-button"
      aria-label={texts.dismissCode(reward.code)}
      disabled={dismissing}
      onClick={dismiss}
    >
      {texts.dismiss}
    </button>
  )
}
