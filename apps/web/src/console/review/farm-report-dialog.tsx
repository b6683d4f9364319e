import type { AdminCampaign, FarmReport } from '@fernwood/protocol/admin'
import { useCallback, useEffect, useId, useState } from 'react'
import { useLanguage } from '../../i18n/current'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../shared/confirm-dialog'
import { describeAdminError } from '../shared/describe-error'
import { Notice, type NoticeText } from '../shared/notice'
import { useModalDialog } from '../shared/use-modal-dialog'
import { useConsoleTexts } from '../texts/use-console-texts'
import { clusterKeyText, FarmClusterSection } from './farm-cluster'
import { type FarmCluster, farmClusters } from './farm-clusters'
import { OriginsNote } from './origins-note'
import { reviewApi } from './review-api'
import './farm-report.css'

/**
 * A campaign's farm report (the CLI's `claims farm-report`), as a dialog: its clusters, each
 * with its claims and where they stand, and a cluster's pending claims rejected in one action
 * (`claims reject`) once confirmed. The report is read when the dialog opens and after each
 * rejection, and on demand: it reads the chain's history, so it is not part of the live overview.
 */
export function FarmReportDialog({
  campaign,
  onClose,
}: {
  campaign: AdminCampaign
  onClose(): void
}) {
  const texts = useConsoleTexts()
  const language = useLanguage()
  const words = texts.farmReport
  const id = useId()
  const [report, setReport] = useState<FarmReport | undefined>(undefined)
  const [reading, setReading] = useState(true)
  const [notice, setNotice] = useState<NoticeText | undefined>(undefined)
  const [asking, setAsking] = useState<FarmCluster | undefined>(undefined)
  const dialog = useModalDialog({ busy: false, onClose })

  const read = useCallback(async () => {
    setReading(true)
    try {
      setReport(await reviewApi.farmReport(campaign.slug))
    } catch (error) {
      setNotice({ text: texts.failed(describeAdminError(error, texts)), failed: true })
    }
    setReading(false)
  }, [campaign.slug, texts])

  useEffect(() => {
    void read()
  }, [read])

  async function reject(cluster: FarmCluster) {
    const { rejected, kept } = await reviewApi.rejectClaims(
      campaign.slug,
      cluster.pending.map((claim) => claim.rewardId),
    )
    setNotice({ text: words.rejected(rejected.length, kept.length) })
    await read()
  }

  const clusters = report ? farmClusters(report) : []
  return (
    <dialog
      {...dialog}
      className={`${dialog.className} farm-report`}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
    >
      <h2 id={`${id}-title`}>{words.title(campaign.name)}</h2>
      <p id={`${id}-intro`}>{words.intro}</p>
      <Notice notice={notice} />
      <p role="status" className="console__notice">
        {reading ? words.reading : ''}
      </p>
      {report && (
        <>
          {clusters.length === 0 ? (
            <p>{words.none}</p>
          ) : (
            clusters.map((cluster) => (
              <FarmClusterSection key={cluster.id} cluster={cluster} onReject={setAsking} />
            ))
          )}
          <OriginsNote origins={report.origins} />
        </>
      )}
      <div className="console__dialog-actions">
        <Button
          variant="secondary"
          busy={reading}
          busyLabel={words.reading}
          onClick={() => void read()}
        >
          {words.refresh}
        </Button>
        <Button variant="secondary" data-autofocus onClick={onClose}>
          {words.close}
        </Button>
      </div>
      {asking && (
        <ConfirmDialog
          title={words.confirmTitle(asking.pending.length)}
          effect={words.confirmEffect(
            words.kinds[asking.kind],
            clusterKeyText(asking, texts, language),
            asking.pending.map((claim) => claim.account).join(', '),
          )}
          confirmLabel={words.confirm}
          busyLabel={words.rejecting}
          onConfirm={() => reject(asking)}
          onClose={() => setAsking(undefined)}
          describeFailure={(error) => describeAdminError(error, texts)}
        />
      )}
    </dialog>
  )
}
