import type { AdminCampaign } from '@fernwood/protocol/admin'
import { useState } from 'react'
import { useLanguage } from '../i18n/current'
import { formatTokenAmount } from '../i18n/format'
import type { Language } from '../i18n/languages'
import { Button } from '../ui/Button'
import { adminApi } from './adminApi'
import { describeAdminError } from './describeError'
import { formatTime } from './formatTime'
import { Notice, type NoticeText } from './Notice'
import type { ConsoleTexts } from './texts'
import { useConsoleTexts } from './useConsoleTexts'

function windowOf(campaign: AdminCampaign, texts: ConsoleTexts, language: Language): string {
  const start = campaign.startsAt && formatTime(campaign.startsAt, language)
  const end = campaign.endsAt && formatTime(campaign.endsAt, language)
  if (start && end) return texts.windowBetween(start, end)
  if (start) return texts.windowFrom(start)
  if (end) return texts.windowUntil(end)
  return texts.always
}

/** Every campaign with its counts; open ones can be closed, any one charted. */
export function CampaignsTable({
  campaigns,
  onShowChart,
}: {
  campaigns: AdminCampaign[]
  onShowChart(slug: string): void
}) {
  const texts = useConsoleTexts()
  const language = useLanguage()
  const [closing, setClosing] = useState<string | undefined>(undefined)
  const [notice, setNotice] = useState<NoticeText | undefined>(undefined)

  async function close(slug: string) {
    setClosing(slug)
    try {
      await adminApi.closeCampaign(slug)
      setNotice({ text: texts.closed(slug) })
    } catch (error) {
      setNotice({ text: texts.failed(describeAdminError(error, texts)), failed: true })
    } finally {
      setClosing(undefined)
    }
  }

  return (
    <section className="console__panel" aria-labelledby="console-campaigns">
      <h2 id="console-campaigns">{texts.campaignsTitle}</h2>
      <Notice notice={notice} />
      {campaigns.length === 0 ? (
        <p>{texts.campaignsEmpty}</p>
      ) : (
        <div className="console__scroll">
          <table className="console__table">
            <thead>
              <tr>
                {Object.values(texts.columns).map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {campaigns.map((campaign) => (
                <tr key={campaign.slug} data-campaign={campaign.slug}>
                  <th scope="row">
                    <span className="console__name">{campaign.name}</span>
                    <span className="console__slug">
                      {campaign.slug}
                      {campaign.welcome && ` · ${texts.welcome}`}
                    </span>
                  </th>
                  <td>{texts.kinds[campaign.kind]}</td>
                  <td>{formatTokenAmount(campaign.reward, language)}</td>
                  <td>{windowOf(campaign, texts, language)}</td>
                  <td>{campaign.cap ?? texts.noLimit}</td>
                  <td data-column="claimed">{campaign.claimed}</td>
                  <td data-column="remaining">{campaign.remaining ?? texts.noLimit}</td>
                  <td>{texts.states[campaign.state]}</td>
                  <td className="console__actions">
                    <button
                      type="button"
                      className="console__link"
                      aria-label={texts.showChart(campaign.slug)}
                      onClick={() => onShowChart(campaign.slug)}
                    >
                      {texts.chart}
                    </button>
                    {(campaign.state === 'open' || campaign.state === 'scheduled') && (
                      <Button
                        variant="secondary"
                        className="console__small"
                        aria-label={texts.closeCampaign(campaign.slug)}
                        busy={closing === campaign.slug}
                        busyLabel={texts.closing}
                        onClick={() => void close(campaign.slug)}
                      >
                        {texts.close}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
