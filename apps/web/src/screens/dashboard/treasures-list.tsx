import type { EarnedTotal, RewardHistoryEntry } from '@fernwood/protocol'
import { useRef } from 'react'
import { useLanguage, useTexts } from '../../i18n/current'
import { formatTokenAmount } from '../../i18n/format'
import { NftTreasure } from '../../nfts/nft-treasure'
import { earnedWords } from '../../rewards/earned-wording'
import { RelativeTime } from '../../ui/relative-time'
import { TransactionId } from '../../ui/transaction-id'
import { Panel } from './panel'
import { ShowOlderButton } from './show-older-button'

interface TreasuresListProps {
  history: RewardHistoryEntry[]
  /** the whole history's totals, from the server (the list may hold only its newest page) */
  earned: EarnedTotal[]
  /** false until the live feed's snapshot of this wallet: an empty list then means "not known yet" */
  known: boolean
  /** the chain's explorer page for a transaction, `{id}` standing for its id */
  explorerTransactionUrl: string
  /** the chain's page for an NFT asset, `{id}` standing for its id */
  explorerAssetUrl: string
}

/**
 * What the account has been paid, newest first, each with the transaction that paid it: tokens
 * as rows, NFTs as cards of their art side by side. The live feed brings the newest page, and
 * 'Show older' the ones before it. The list grows with the page, which holds the one scroll.
 */
export function TreasuresList({
  history,
  earned,
  known,
  explorerTransactionUrl,
  explorerAssetUrl,
}: TreasuresListProps) {
  const texts = useTexts()
  const language = useLanguage()
  const total = earnedWords(earned, texts, language)
  // The entries held when the lists first came; any other was paid while watching, and an NFT
  // paid so is unveiled.
  const firstSeen = useRef<Set<string> | null>(null)
  if (known && firstSeen.current === null) {
    firstSeen.current = new Set(history.map((entry) => entry.id))
  }
  const paidWhileWatching = (id: string) => firstSeen.current !== null && !firstSeen.current.has(id)

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
      {total && <p className="treasures__total">{texts.totalEarned(total)}</p>}
      {!known ? (
        <TreasuresLoading label={texts.loadingTreasures} />
      ) : history.length === 0 ? (
        <p className="treasures__empty">{texts.noTreasures}</p>
      ) : (
        <ul className="treasures" aria-label={texts.treasuresTitle}>
          {history.map((entry) => (
            <li
              key={entry.id}
              className={entry.nft ? 'treasure treasure--nft' : 'treasure'}
              data-unveiled={(entry.nft && paidWhileWatching(entry.id)) || undefined}
            >
              {entry.nft && <NftTreasure nft={entry.nft} explorerAssetUrl={explorerAssetUrl} />}
              <span className="treasure__code">{entry.code}</span>
              {!entry.nft && (
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
