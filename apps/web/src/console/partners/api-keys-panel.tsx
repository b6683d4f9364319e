import type { AdminCampaign } from '@fernwood/protocol/admin'
import type { ApiKey, CreatedApiKey } from '@fernwood/protocol/partners'
import { type FormEvent, useId, useState } from 'react'
import { useLanguage } from '../../i18n/current'
import { formatDateTime } from '../../i18n/format'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../shared/confirm-dialog'
import { ConsoleTable } from '../shared/console-table'
import { FormField } from '../shared/form-field'
import { Notice, type NoticeText } from '../shared/notice'
import { useConsoleTexts } from '../texts/use-console-texts'
import { CampaignPicker, checkedValues } from './campaign-picker'
import { describePartnerError } from './describe-partner-error'
import { partnersApi } from './partners-api'
import { SecretDialog } from './secret-dialog'
import { useReloadable } from './use-reloadable'

const readKeys = async () => (await partnersApi.apiKeys()).keys

/**
 * Partners' API keys (the CLI's `api-keys create`, `list`, `revoke`): every key with its
 * campaigns and last use, a new one made for campaigns picked from the console's list and its
 * secret shown once, and a revoke asked for before it is made.
 */
export function ApiKeysPanel({ campaigns }: { campaigns: AdminCampaign[] }) {
  const consoleTexts = useConsoleTexts()
  const texts = consoleTexts.partners
  const language = useLanguage()
  const id = useId()
  const keys = useReloadable(readKeys)
  const [creating, setCreating] = useState(false)
  const [mistakes, setMistakes] = useState<{ name?: string; campaigns?: string }>({})
  const [notice, setNotice] = useState<NoticeText | undefined>(undefined)
  const [created, setCreated] = useState<CreatedApiKey | undefined>(undefined)
  const [revoking, setRevoking] = useState<ApiKey | undefined>(undefined)

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const name = (form.elements.namedItem('name') as HTMLInputElement).value.trim()
    const picked = checkedValues(form, 'campaigns')
    const found = {
      name: name === '' ? texts.nameRequired : undefined,
      campaigns: picked.length === 0 ? texts.pickCampaign : undefined,
    }
    setMistakes(found)
    setNotice(undefined)
    if (found.name || found.campaigns) return
    setCreating(true)
    try {
      setCreated(await partnersApi.createApiKey({ name, campaigns: picked }))
      form.reset()
      await keys.reload()
    } catch (error) {
      setNotice({
        text: consoleTexts.failed(describePartnerError(error, consoleTexts)),
        failed: true,
      })
    }
    setCreating(false)
  }

  return (
    <section className="console__panel" aria-labelledby={`${id}-title`} data-panel="api-keys">
      <h2 id={`${id}-title`}>{texts.keysTitle}</h2>
      <p>{texts.keysIntro}</p>
      {keys.failure !== undefined && (
        <p role="alert" className="console__error">
          {consoleTexts.failed(describePartnerError(keys.failure, consoleTexts))}
        </p>
      )}
      <ConsoleTable
        labelledBy={`${id}-title`}
        headings={texts.keyColumns}
        columns={['name', 'campaigns', 'lastUsed', 'state', 'actions']}
        empty={texts.keysEmpty}
        rows={(keys.value ?? []).map((key) => (
          <tr key={key.id} data-api-key={key.id}>
            <th scope="row">{key.name}</th>
            <td>{key.campaigns.join(', ')}</td>
            <td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt, language) : texts.neverUsed}</td>
            <td>
              {key.revokedAt
                ? texts.revokedAt(formatDateTime(key.revokedAt, language))
                : texts.inForce}
            </td>
            <td>
              {!key.revokedAt && (
                <Button
                  variant="secondary"
                  className="console__small"
                  aria-label={texts.revokeKeyOf(key.name)}
                  onClick={() => setRevoking(key)}
                >
                  {texts.revoke}
                </Button>
              )}
            </td>
          </tr>
        ))}
      />
      <Notice notice={notice} />
      <form className="console__form" noValidate onSubmit={(event) => void create(event)}>
        <h3>{texts.newKey}</h3>
        <FormField
          id={`${id}-name`}
          label={texts.keyName}
          hint={texts.keyNameHint}
          error={mistakes.name}
        >
          {(control) => <input {...control} name="name" type="text" maxLength={120} />}
        </FormField>
        <CampaignPicker id={`${id}-campaigns`} campaigns={campaigns} error={mistakes.campaigns} />
        <Button type="submit" busy={creating} busyLabel={texts.creating}>
          {texts.createKey}
        </Button>
      </form>
      {created && (
        <SecretDialog
          title={texts.keySecretTitle(created.name)}
          intro={texts.keySecretIntro}
          secret={created.secret}
          onClose={() => setCreated(undefined)}
        />
      )}
      {revoking && (
        <ConfirmDialog
          title={texts.revokeKeyTitle(revoking.name)}
          effect={texts.revokeKeyEffect}
          confirmLabel={texts.revoke}
          busyLabel={texts.revoking}
          onConfirm={async () => {
            await partnersApi.revokeApiKey(revoking.id)
            setNotice({ text: texts.keyRevoked(revoking.name) })
            await keys.reload()
          }}
          onClose={() => setRevoking(undefined)}
          describeFailure={(error) => describePartnerError(error, consoleTexts)}
        />
      )}
    </section>
  )
}
