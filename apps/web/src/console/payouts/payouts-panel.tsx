import type { PayoutsResponse } from '@fernwood/protocol/admin'
import { useState } from 'react'
import { useLanguage } from '../../i18n/current'
import { formatDateTime, formatTokenAmount } from '../../i18n/format'
import { Button } from '../../ui/button'
import { adminApi } from '../shared/admin-api'
import { ConsoleTable } from '../shared/console-table'
import { describeAdminError } from '../shared/describe-error'
import { Notice, type NoticeText } from '../shared/notice'
import { useConsoleTexts } from '../texts/use-console-texts'
import { PayoutResourceBars } from './payout-resources'

/**
 * The payout account's balance against what open budgets still have to pay (warning when they
 * exceed it), the payouts the chain refused (with Retry) and the stuck ones.
 */
export function PayoutsPanel({ payouts }: { payouts: PayoutsResponse }) {
  const texts = useConsoleTexts()
  const language = useLanguage()
  const columns = texts.payoutColumns
  const [retrying, setRetrying] = useState<string | undefined>(undefined)
  const [notice, setNotice] = useState<NoticeText | undefined>(undefined)

  async function retry(rewardId: string, code: string) {
    setRetrying(rewardId)
    try {
      await adminApi.retryPayout(rewardId)
      setNotice({ text: texts.retried(code) })
    } catch (error) {
      setNotice({ text: texts.failed(describeAdminError(error, texts)), failed: true })
    } finally {
      setRetrying(undefined)
    }
  }

  return (
    <section className="console__panel" aria-labelledby="console-payouts">
      <h2 id="console-payouts">{texts.payoutsTitle}</h2>
      <p className="console__balance">
        {payouts.balance === null
          ? texts.balanceUnknown(payouts.account)
          : texts.balance(payouts.account, formatTokenAmount(payouts.balance, language))}
      </p>
      <p className="console__balance">
        {texts.reserved(formatTokenAmount(payouts.reserved, language))}
      </p>
      {payouts.budgetsExceedBalance && (
        <p className="console__warning" role="alert">
          {texts.reservedExceeds}
        </p>
      )}
      <PayoutResourceBars payouts={payouts} />

      <Notice notice={notice} />
      <h3 id="console-failed">{texts.failedTitle}</h3>
      <ConsoleTable
        labelledBy="console-failed"
        headings={columns}
        columns={['code', 'account', 'error', 'since', 'actions']}
        empty={texts.failedEmpty}
        rows={payouts.failed.map((payout) => (
          <tr key={payout.rewardId}>
            <th scope="row">{payout.code}</th>
            <td>{payout.waxAccount}</td>
            <td className="console__error-text">{payout.error}</td>
            <td>{formatDateTime(payout.at, language)}</td>
            <td>
              <Button
                variant="secondary"
                className="console__small"
                aria-label={texts.retryReward(payout.code, payout.waxAccount)}
                busy={retrying === payout.rewardId}
                busyLabel={texts.retrying}
                onClick={() => void retry(payout.rewardId, payout.code)}
              >
                {texts.retry}
              </Button>
            </td>
          </tr>
        ))}
      />

      <h3 id="console-stuck">{texts.stuckTitle(payouts.stuckMinutes)}</h3>
      <ConsoleTable
        labelledBy="console-stuck"
        headings={columns}
        columns={['code', 'account', 'status', 'attempts', 'error', 'since']}
        empty={texts.stuckEmpty}
        rows={payouts.stuck.map((reward) => (
          <tr key={reward.rewardId}>
            <th scope="row">{reward.code}</th>
            <td>{reward.waxAccount}</td>
            <td>{reward.status}</td>
            <td>{reward.attempts}</td>
            <td className="console__error-text">{reward.error}</td>
            <td>{formatDateTime(reward.since, language)}</td>
          </tr>
        ))}
      />
    </section>
  )
}
