import type { WebhookEndpoint } from '@fernwood/protocol/partners'
import { useCallback, useId, useState } from 'react'
import { useLanguage } from '../../i18n/current'
import { formatDateTime } from '../../i18n/format'
import { Button } from '../../ui/button'
import { ConsoleTable } from '../shared/console-table'
import { Notice, type NoticeText } from '../shared/notice'
import { useConsoleTexts } from '../texts/use-console-texts'
import { describePartnerError } from './describe-partner-error'
import { partnersApi } from './partners-api'
import { useReloadable } from './use-reloadable'

/**
 * One endpoint's latest deliveries, failed ones first (the server's order), each with
 * 'Redeliver': due again at once, under its same webhook-id.
 */
export function WebhookDeliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const consoleTexts = useConsoleTexts()
  const texts = consoleTexts.partners
  const language = useLanguage()
  const id = useId()
  const read = useCallback(
    async () => (await partnersApi.deliveries(endpoint.id)).deliveries,
    [endpoint.id],
  )
  const deliveries = useReloadable(read)
  const [redelivering, setRedelivering] = useState<string | undefined>(undefined)
  const [notice, setNotice] = useState<NoticeText | undefined>(undefined)

  async function redeliver(deliveryId: string) {
    setRedelivering(deliveryId)
    setNotice(undefined)
    try {
      await partnersApi.redeliver(endpoint.id, deliveryId)
      setNotice({ text: texts.redelivered })
      await deliveries.reload()
    } catch (error) {
      setNotice({
        text: consoleTexts.failed(describePartnerError(error, consoleTexts)),
        failed: true,
      })
    }
    setRedelivering(undefined)
  }

  return (
    <div data-deliveries={endpoint.id}>
      <h4 id={`${id}-title`}>{texts.deliveriesOf(endpoint.url)}</h4>
      {deliveries.failure !== undefined && (
        <p role="alert" className="console__error">
          {consoleTexts.failed(describePartnerError(deliveries.failure, consoleTexts))}
        </p>
      )}
      <Notice notice={notice} />
      <ConsoleTable
        labelledBy={`${id}-title`}
        headings={texts.deliveryColumns}
        columns={['state', 'event', 'reward', 'at', 'attempts', 'error', 'actions']}
        figures={['attempts']}
        empty={deliveries.value ? texts.deliveriesEmpty : texts.loading}
        rows={(deliveries.value ?? []).map((delivery) => (
          <tr key={delivery.id} data-delivery-state={delivery.state}>
            <th scope="row">{texts.deliveryStates[delivery.state]}</th>
            <td>{delivery.event}</td>
            <td>{delivery.rewardId}</td>
            <td>{formatDateTime(delivery.at, language)}</td>
            <td className="console__number">{delivery.attempts}</td>
            <td className="console__error-text">{delivery.lastError ?? ''}</td>
            <td>
              <Button
                variant="secondary"
                className="console__small"
                aria-label={texts.redeliverOf(
                  delivery.event,
                  formatDateTime(delivery.at, language),
                )}
                busy={redelivering === delivery.id}
                busyLabel={texts.redelivering}
                onClick={() => void redeliver(delivery.id)}
              >
                {texts.redeliver}
              </Button>
            </td>
          </tr>
        ))}
      />
    </div>
  )
}
