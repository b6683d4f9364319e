import {
  type AdminCampaign,
  campaignClaimsPath,
  type KioskCredential,
} from '@fernwood/protocol/admin'
import { useEffect, useState } from 'react'
import { useLanguage } from '../../i18n/current'
import { formatDateTime, formatTokenAmount } from '../../i18n/format'
import type { Language } from '../../i18n/languages'
import { Button } from '../../ui/button'
import { KioskCredentialsDialog } from '../kiosk/kiosk-credentials-dialog'
import { showCampaign } from '../overview'
import { FarmReportDialog } from '../review/farm-report-dialog'
import { adminApi } from '../shared/admin-api'
import { ConfirmDialog } from '../shared/confirm-dialog'
import { ConsoleTable } from '../shared/console-table'
import { describeAdminError } from '../shared/describe-error'
import { Notice, type NoticeText } from '../shared/notice'
import { StateBadge } from '../shared/state-badge'
import type { ConsoleTexts } from '../texts/en'
import { useConsoleTexts } from '../texts/use-console-texts'
import { EditCampaignDialog } from './edit-campaign-dialog'
import { campaignStockOf } from './nft-stock'
import { RowActions } from './row-actions'

function windowOf(campaign: AdminCampaign, texts: ConsoleTexts, language: Language): string {
  const start = campaign.startsAt && formatDateTime(campaign.startsAt, language)
  const end = campaign.endsAt && formatDateTime(campaign.endsAt, language)
  if (start && end) return texts.windowBetween(start, end)
  if (start) return texts.windowFrom(start)
  if (end) return texts.windowUntil(end)
  return texts.always
}

/** A figure drawn as a sign ('—', '∞'), said in words to screen readers. */
function Sign({ sign, spoken }: { sign: string; spoken: string }) {
  return (
    <>
      <span aria-hidden="true">{sign}</span>
      <span className="visually-hidden">{spoken}</span>
    </>
  )
}

/** What a closed or ended campaign could still pay does not apply: it pays nothing new. */
function remainingOf(campaign: AdminCampaign, texts: ConsoleTexts) {
  if (campaign.state === 'closed' || campaign.state === 'ended') {
    return <Sign sign="—" spoken={texts.doesNotApply(texts.states[campaign.state])} />
  }
  if (campaign.remaining === null) return <Sign sign={texts.noLimit} spoken={texts.noLimitSpoken} />
  return campaign.remaining
}

/** A pool's assets left, or a mint's template supply, as the table last heard from the chain. */
function NftStock({ campaign, texts }: { campaign: AdminCampaign; texts: ConsoleTexts }) {
  const stock = campaignStockOf(campaign, texts)
  return (
    stock && (
      <span className="console__slug" data-column={stock.column}>
        {stock.text}
      </span>
    )
  )
}

type Change = 'close' | 'reopen'

/**
 * The change a campaign's row offers: none for the welcome campaign (every first visit claims
 * its code) nor for a closed one whose window has ended (reopened, it would still pay nothing).
 * A spent campaign can still be closed: an edit raising its cap would open it again.
 */
function changeOffered(campaign: AdminCampaign): Change | undefined {
  if (campaign.welcome) return undefined
  if (campaign.state === 'open' || campaign.state === 'scheduled' || campaign.state === 'spent') {
    return 'close'
  }
  const ended = campaign.endsAt !== null && Date.parse(campaign.endsAt) <= Date.now()
  return campaign.state === 'closed' && !ended ? 'reopen' : undefined
}

/**
 * Every campaign with its counts; any one charted, closed or reopened once confirmed, edited,
 * and a unique one's kiosk links issued or revoked.
 */
export function CampaignsTable({
  campaigns,
  kioskCredentials,
  created,
  onShowChart,
}: {
  campaigns: AdminCampaign[]
  /** the kiosk credentials in force, of every campaign */
  kioskCredentials: KioskCredential[]
  /** the campaign this operator created last: its row stands out, brought into view */
  created?: string
  onShowChart(slug: string): void
}) {
  const texts = useConsoleTexts()
  const language = useLanguage()
  const columns = texts.columns
  const [asking, setAsking] = useState<{ campaign: AdminCampaign; change: Change } | undefined>(
    undefined,
  )
  const [notice, setNotice] = useState<NoticeText | undefined>(undefined)
  const [editing, setEditing] = useState<AdminCampaign | undefined>(undefined)
  const [kioskOf, setKioskOf] = useState<AdminCampaign | undefined>(undefined)
  const [farmReportOf, setFarmReportOf] = useState<AdminCampaign | undefined>(undefined)
  const createdListed = created !== undefined && campaigns.some(({ slug }) => slug === created)

  // The new row arrives on the live overview after the form's answer: shown once it is there.
  useEffect(() => {
    if (!createdListed) return
    const row = document.querySelector(`tr[data-campaign="${CSS.escape(created)}"]`)
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    row?.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' })
  }, [created, createdListed])

  async function make(change: Change, slug: string) {
    if (change === 'close') {
      showCampaign((await adminApi.closeCampaign(slug)).campaign)
      setNotice({ text: texts.closed(slug) })
    } else {
      showCampaign((await adminApi.reopenCampaign(slug)).campaign)
      setNotice({ text: texts.reopened(slug) })
    }
  }

  return (
    <section className="console__panel" aria-labelledby="console-campaigns">
      <h2 id="console-campaigns">{texts.campaignsTitle}</h2>
      <Notice notice={notice} />
      <ConsoleTable
        labelledBy="console-campaigns"
        headings={columns}
        columns={[
          'campaign',
          'kind',
          'reward',
          'window',
          'cap',
          'claimed',
          'remaining',
          'state',
          'actions',
        ]}
        figures={['reward', 'cap', 'claimed', 'remaining']}
        empty={texts.campaignsEmpty}
        rows={campaigns.map((campaign) => {
          const change = changeOffered(campaign)
          return (
            <tr
              key={campaign.slug}
              data-campaign={campaign.slug}
              className={campaign.slug === created ? 'console__row--new' : undefined}
            >
              <th scope="row">
                <span className="console__name">{campaign.name}</span>
                <span className="console__slug" title={campaign.slug}>
                  {campaign.slug}
                  {campaign.welcome && ` · ${texts.welcome}`}
                </span>
                {campaign.slug === created && (
                  <span className="console__new-mark">{texts.newRow}</span>
                )}
              </th>
              <td>{texts.kinds[campaign.kind]}</td>
              {campaign.nft ? (
                <td>
                  <span className="console__name">{campaign.nft.name}</span>
                  <span className="console__slug">
                    {campaign.nft.collection}:{campaign.nft.templateId}
                  </span>
                  <NftStock campaign={campaign} texts={texts} />
                </td>
              ) : (
                <td className="console__number">{formatTokenAmount(campaign.reward, language)}</td>
              )}
              <td className="console__window">{windowOf(campaign, texts, language)}</td>
              <td className="console__number">
                {campaign.cap ?? <Sign sign="—" spoken={texts.noCap} />}
              </td>
              <td className="console__number" data-column="claimed">
                {campaign.claimed}
              </td>
              <td className="console__number" data-column="remaining">
                {remainingOf(campaign, texts)}
              </td>
              <td data-column="state">
                <StateBadge state={campaign.state} label={texts.states[campaign.state]} />
              </td>
              <td className="console__row-actions">
                <RowActions slug={campaign.slug}>
                  <button
                    type="button"
                    className="console__link"
                    aria-label={texts.showChart(campaign.slug)}
                    onClick={() => onShowChart(campaign.slug)}
                  >
                    {texts.chart}
                  </button>
                  {/* One button whichever change it offers: focus stays on it as it turns. */}
                  {change && (
                    <Button
                      variant="secondary"
                      className="console__small"
                      aria-label={
                        change === 'close'
                          ? texts.closeCampaign(campaign.slug)
                          : texts.reopenCampaign(campaign.slug)
                      }
                      onClick={() => setAsking({ campaign, change })}
                    >
                      {change === 'close' ? texts.close : texts.reopen}
                    </Button>
                  )}
                  {!campaign.welcome && (
                    <Button
                      variant="secondary"
                      className="console__small"
                      aria-label={texts.editCampaign(campaign.slug)}
                      onClick={() => setEditing(campaign)}
                    >
                      {texts.edit}
                    </Button>
                  )}
                  {campaign.welcome && (
                    <span className="console__note">{texts.welcomeStaysOpen}</span>
                  )}
                  <a
                    className="console__link"
                    href={campaignClaimsPath(campaign.slug)}
                    download
                    aria-label={texts.claimsCsvOf(campaign.slug)}
                  >
                    {texts.claimsCsv}
                  </a>
                  {campaign.kind === 'unique' && (
                    <button
                      type="button"
                      className="console__link"
                      aria-label={texts.kioskOf(campaign.slug)}
                      onClick={() => setKioskOf(campaign)}
                    >
                      {texts.kiosk}
                    </button>
                  )}
                  <button
                    type="button"
                    className="console__link"
                    aria-label={texts.farmReport.openOf(campaign.slug)}
                    onClick={() => setFarmReportOf(campaign)}
                  >
                    {texts.farmReport.open}
                  </button>
                </RowActions>
              </td>
            </tr>
          )
        })}
      />
      {editing && (
        <EditCampaignDialog
          campaign={editing}
          onEdited={(edited) => {
            showCampaign(edited)
            setNotice({ text: texts.edited(edited.slug) })
          }}
          onClose={() => setEditing(undefined)}
        />
      )}
      {kioskOf && (
        <KioskCredentialsDialog
          campaign={kioskOf}
          credentials={kioskCredentials}
          onClose={() => setKioskOf(undefined)}
        />
      )}
      {farmReportOf && (
        <FarmReportDialog campaign={farmReportOf} onClose={() => setFarmReportOf(undefined)} />
      )}
      {asking && (
        <ConfirmDialog
          title={
            asking.change === 'close'
              ? texts.confirmCloseTitle(asking.campaign.name)
              : texts.confirmReopenTitle(asking.campaign.name)
          }
          effect={
            asking.change === 'close'
              ? texts.confirmCloseEffect(asking.campaign.slug)
              : texts.confirmReopenEffect(asking.campaign.slug)
          }
          confirmLabel={asking.change === 'close' ? texts.confirmClose : texts.confirmReopen}
          busyLabel={asking.change === 'close' ? texts.closing : texts.reopening}
          onConfirm={() => make(asking.change, asking.campaign.slug)}
          onClose={() => setAsking(undefined)}
          describeFailure={(error) => describeAdminError(error, texts)}
        />
      )}
    </section>
  )
}
