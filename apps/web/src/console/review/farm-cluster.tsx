import { useId } from 'react'
import { useLanguage } from '../../i18n/current'
import { formatDateTime } from '../../i18n/format'
import type { Language } from '../../i18n/languages'
import { Button } from '../../ui/button'
import { ConsoleTable } from '../shared/console-table'
import type { ConsoleTexts } from '../texts/en'
import { useConsoleTexts } from '../texts/use-console-texts'
import type { FarmCluster } from './farm-clusters'

/** What the cluster's accounts share, in words: '127.0.0.0/24', or the times they were made. */
export function clusterKeyText(
  cluster: FarmCluster,
  texts: ConsoleTexts,
  language: Language,
): string {
  const { key } = cluster
  if (typeof key === 'string') return key
  return texts.farmReport.createdBetween(
    formatDateTime(key.from, language),
    formatDateTime(key.to, language),
  )
}

/**
 * One cluster of the report: what its accounts share, their claims with where each stands, and
 * the rejection of those still pending. The button stays in place once none is pending (said
 * unavailable, not removed), so focus comes back to it after a rejection.
 */
export function FarmClusterSection({
  cluster,
  onReject,
}: {
  cluster: FarmCluster
  onReject(cluster: FarmCluster): void
}) {
  const texts = useConsoleTexts()
  const language = useLanguage()
  const id = useId()
  const words = texts.farmReport
  const kind = words.kinds[cluster.kind]
  const key = clusterKeyText(cluster, texts, language)
  const nothingPending = cluster.pending.length === 0
  return (
    <section
      className="farm-report__cluster"
      aria-labelledby={`${id}-title`}
      data-cluster={cluster.id}
    >
      <h3 id={`${id}-title`}>
        {kind}: <span className="farm-report__key">{key}</span>
      </h3>
      <p>{words.summary(cluster.accounts, cluster.claims.length, cluster.pending.length)}</p>
      <ConsoleTable
        labelledBy={`${id}-title`}
        headings={words.columns}
        columns={['account', 'reward', 'status', 'claimedAt']}
        empty=""
        rows={cluster.claims.map((claim) => (
          <tr key={claim.rewardId} data-reward={claim.rewardId}>
            <th scope="row">{claim.account}</th>
            <td className="console__slug">{claim.rewardId}</td>
            <td data-column="status">{words.statuses[claim.status]}</td>
            <td>{formatDateTime(claim.claimedAt, language)}</td>
          </tr>
        ))}
      />
      <Button
        variant="secondary"
        className="console__small"
        aria-label={words.rejectOf(kind, key)}
        aria-disabled={nothingPending || undefined}
        aria-describedby={nothingPending ? `${id}-none` : undefined}
        onClick={() => {
          if (!nothingPending) onReject(cluster)
        }}
      >
        {words.reject}
      </Button>
      {nothingPending && (
        <small id={`${id}-none`} className="console__hint">
          {words.nothingPending}
        </small>
      )}
    </section>
  )
}
