import type { EarnedTotal, RewardHistoryEntry } from '@fernwood/protocol'
import { useLanguage, useTexts } from '../../i18n/current'
import { formatAmounts, formatTokenAmount } from '../../i18n/format'
import { NftTreasure } from '../../nfts/nft-treasure'
import { RelativeTime } from '../../ui/relative-time'
import { TransactionId } from '../../ui/transaction-id'
import { Panel } from './panel'
import { ShowOlderButton } from './show-older-button'

interface TreasuresListProps {
  history: RewardHistoryEntry[]
  /** the whole history's total per token, from the server (the list may hold only its newest page) */
  earned: EarnedTotal[]
  /** false until the live feed's snapshot of this wallet: an empty list then means "not known yet" */
  known: boolean
  /** the chain's explorer page for a transaction, `{id}` standing for its id */
  explorerTransactionUrl: string
}

/**
 * What the account has been paid, newest first, each with the transaction that paid it; the live
 * feed brings the newest page, and 'Show older' the ones before it.
 */
export function TreasuresList({
  history,
  earned,
  known,
  explorerTransactionUrl,
}: TreasuresListProps) {
  const texts = useTexts()
  const language = useLanguage()

  return (
    // A polite live region that reads out only what is added, i.e. a new treasure: entries never
    // change once paid, and a fresh snapshot keeps the existing ones (keyed) untouched.
    <Panel
      className="panel--treasures"
      title={texts.treasuresTitle}
      aria-live="polite"
      aria-relevant="additions"
      aria-atomic="false"
    >
      {earned.length > 0 && (
        <p className="treasures__total">
          {texts.totalEarned(
            formatAmounts(
              earned.map(({ amount, token }) => `${amount} ${token}`),
              language,
            ),
          )}
        </p>
      )}
      {!known ? (
        <TreasuresLoading label={texts.loadingTreasures} />
      ) : history.length === 0 ? (
        <p className="treasures__empty">{texts.noTreasures}</p>
      ) : (
        // A scrolling list must take focus, or keyboard users cannot scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above (axe: scrollable-region-focusable)
        <ul className="treasures" aria-label={texts.treasuresTitle} tabIndex={0}>
          {history.map((entry) => (
            <li key={entry.id} className="treasure">
              <span className="treasure__code">{entry.code}</span>
              {entry.nft ? (
                <NftTreasure
                  nft={entry.nft}
                  transactionId={entry.transactionId}
                  explorerTransactionUrl={explorerTransactionUrl}
                />
              ) : (
                <span className="treasure__amount">
                  {texts.rewardAmount(
                    formatTokenAmount(`${entry.amount} ${entry.token}`, language),
                  )}
                </span>
              )}
              <TransactionId
                className="treasure__tx"
                id={entry.transactionId}
                explorerTransactionUrl={explorerTransactionUrl}
              />
              <RelativeTime className="treasure__when" iso={entry.timestamp} />
            </li>
          ))}
        </ul>
      )}
      <ShowOlderButton list="treasures" />
    </Panel>
  )
}

/** Entries' outlines while the wallet's lists come: the panel keeps its shape, and says why. */
function TreasuresLoading({ label }: { label: string }) {
  return (
    <div className="treasures treasures--loading">
      <p className="visually-hidden" role="status">
        {label}
      </p>
      {[0, 1, 2].map((row) => (
        <div key={row} className="treasure treasure--skeleton" aria-hidden="true" />
      ))}
    </div>
  )
}
