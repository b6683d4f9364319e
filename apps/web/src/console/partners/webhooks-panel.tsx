import type { AdminCampaign } from '@fernwood/protocol/admin'
import {
  type RegisteredWebhook,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from '@fernwood/protocol/partners'
import { type FormEvent, Fragment, useId, useState } from 'react'
import { Button } from '../../ui/button'
import { ConsoleTable } from '../shared/console-table'
import { FormField } from '../shared/form-field'
import { Notice, type NoticeText } from '../shared/notice'
import { useConsoleTexts } from '../texts/use-console-texts'
import { CampaignPicker, checkedValues } from './campaign-picker'
import { describePartnerError } from './describe-partner-error'
import { partnersApi } from './partners-api'
import { SecretDialog } from './secret-dialog'
import { useReloadable } from './use-reloadable'
import { WebhookDeliveries } from './webhook-deliveries'

const readEndpoints = async () => (await partnersApi.webhooks()).endpoints

/**
 * Partners' webhook endpoints (the CLI's `webhooks add`, `list`, `deliveries`, `redeliver`):
 * every endpoint, a new one added for events and campaigns picked, its signing secret shown
 * once, and each one's deliveries on request.
 */
export function WebhooksPanel({ campaigns }: { campaigns: AdminCampaign[] }) {
  const consoleTexts = useConsoleTexts()
  const texts = consoleTexts.partners
  const id = useId()
  const endpoints = useReloadable(readEndpoints)
  const [adding, setAdding] = useState(false)
  const [mistakes, setMistakes] = useState<{ url?: string; events?: string; campaigns?: string }>(
    {},
  )
  const [notice, setNotice] = useState<NoticeText | undefined>(undefined)
  const [added, setAdded] = useState<RegisteredWebhook | undefined>(undefined)
  const [shown, setShown] = useState<string | undefined>(undefined)

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const url = (form.elements.namedItem('url') as HTMLInputElement).value.trim()
    const events = checkedValues(form, 'events') as WebhookEvent[]
    const picked = checkedValues(form, 'campaigns')
    const found = {
      url: /^https?:\/\/\S+$/.test(url) ? undefined : texts.urlRequired,
      events: events.length === 0 ? texts.pickEvent : undefined,
      campaigns: picked.length === 0 ? texts.pickCampaign : undefined,
    }
    setMistakes(found)
    setNotice(undefined)
    if (found.url || found.events || found.campaigns) return
    setAdding(true)
    try {
      setAdded(await partnersApi.registerWebhook({ url, events, campaigns: picked }))
      form.reset()
      await endpoints.reload()
    } catch (error) {
      setNotice({
        text: consoleTexts.failed(describePartnerError(error, consoleTexts)),
        failed: true,
      })
    }
    setAdding(false)
  }

  const columns = ['url', 'events', 'campaigns', 'state', 'actions'] as const
  return (
    <section className="console__panel" aria-labelledby={`${id}-title`} data-panel="webhooks">
      <h2 id={`${id}-title`}>{texts.webhooksTitle}</h2>
      <p>{texts.webhooksIntro}</p>
      {endpoints.failure !== undefined && (
        <p role="alert" className="console__error">
          {consoleTexts.failed(describePartnerError(endpoints.failure, consoleTexts))}
        </p>
      )}
      <ConsoleTable
        labelledBy={`${id}-title`}
        headings={texts.webhookColumns}
        columns={columns}
        empty={texts.webhooksEmpty}
        rows={(endpoints.value ?? []).map((endpoint) => (
          <Fragment key={endpoint.id}>
            <tr data-webhook={endpoint.id}>
              <th scope="row">{endpoint.url}</th>
              <td>{endpoint.events.join(', ')}</td>
              <td>{endpoint.campaigns.join(', ')}</td>
              <td>{endpoint.removedAt ? texts.removed : texts.inForce}</td>
              <td>
                <Button
                  variant="secondary"
                  className="console__small"
                  aria-expanded={shown === endpoint.id}
                  aria-label={texts.deliveriesOf(endpoint.url)}
                  onClick={() => setShown(shown === endpoint.id ? undefined : endpoint.id)}
                >
                  {texts.deliveries}
                </Button>
              </td>
            </tr>
            {shown === endpoint.id && (
              <tr>
                <td colSpan={columns.length}>
                  <WebhookDeliveries endpoint={endpoint} />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      />
      <Notice notice={notice} />
      <form className="console__form" noValidate onSubmit={(event) => void add(event)}>
        <h3>{texts.newWebhook}</h3>
        <FormField id={`${id}-url`} label={texts.url} hint={texts.urlHint} error={mistakes.url}>
          {(control) => <input {...control} name="url" type="url" maxLength={2000} />}
        </FormField>
        <fieldset
          className="console__field"
          aria-invalid={mistakes.events ? true : undefined}
          aria-describedby={mistakes.events ? `${id}-events-error` : undefined}
        >
          <legend>{texts.events}</legend>
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className="console__field console__check">
              <input type="checkbox" name="events" value={name} />
              {`${name}: ${texts.eventMeanings[name]}`}
            </label>
          ))}
          {mistakes.events && (
            <p id={`${id}-events-error`} className="console__field-error">
              {mistakes.events}
            </p>
          )}
        </fieldset>
        <CampaignPicker id={`${id}-campaigns`} campaigns={campaigns} error={mistakes.campaigns} />
        <Button type="submit" busy={adding} busyLabel={texts.adding}>
          {texts.addWebhook}
        </Button>
      </form>
      {added && (
        <SecretDialog
          title={texts.webhookSecretTitle(added.url)}
          intro={texts.webhookSecretIntro}
          secret={added.secret}
          onClose={() => setAdded(undefined)}
        />
      )}
    </section>
  )
}
