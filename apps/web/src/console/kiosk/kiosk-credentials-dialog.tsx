import { type AdminCampaign, KIOSK_HOURS, type KioskCredential } from '@fernwood/protocol/admin'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { ApiError } from '../../api/client'
import { useLanguage } from '../../i18n/current'
import { formatDateTime } from '../../i18n/format'
import { Button } from '../../ui/button'
import { adminApi } from '../shared/admin-api'
import { describeAdminError } from '../shared/describe-error'
import { FormField } from '../shared/form-field'
import { Notice, type NoticeText } from '../shared/notice'
import { useModalDialog } from '../shared/use-modal-dialog'
import { useConsoleTexts } from '../texts/use-console-texts'

/** The hours typed, undefined for none (the server's default), NaN for anything but 1 to max. */
function hoursOf(typed: string): number | undefined {
  if (typed.trim() === '') return undefined
  const hours = Number(typed)
  return Number.isInteger(hours) && hours >= 1 && hours <= KIOSK_HOURS.max ? hours : Number.NaN
}

/**
 * A unique campaign's kiosk links (the CLI's `kiosk issue`, `kiosk list`, `kiosk revoke`), as a
 * dialog: a new one issued, its link shown this once for the operator to open on the tablet,
 * and those in force, each revocable. The list arrives on the live overview, so a link revoked
 * from another console or the CLI leaves it at once.
 */
export function KioskCredentialsDialog({
  campaign,
  credentials,
  onClose,
}: {
  campaign: AdminCampaign
  /** the credentials in force, of every campaign */
  credentials: KioskCredential[]
  onClose(): void
}) {
  const texts = useConsoleTexts()
  const language = useLanguage()
  const id = useId()
  const [issuing, setIssuing] = useState(false)
  const [revoking, setRevoking] = useState<string | undefined>(undefined)
  const [mistake, setMistake] = useState<string | undefined>(undefined)
  const [notice, setNotice] = useState<NoticeText | undefined>(undefined)
  const [link, setLink] = useState<string | undefined>(undefined)
  const linkRef = useRef<HTMLInputElement>(null)
  const dialog = useModalDialog({ busy: issuing || revoking !== undefined, onClose })
  const ofCampaign = credentials.filter((credential) => credential.campaign === campaign.slug)

  // The link is said and selected as it appears, ready to copy.
  useEffect(() => {
    if (link) linkRef.current?.select()
  }, [link])

  async function issue(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const field = event.currentTarget.elements.namedItem('hours') as HTMLInputElement
    const hours = hoursOf(field.value)
    setNotice(undefined)
    if (Number.isNaN(hours)) {
      setMistake(texts.errors.ADMIN_KIOSK_HOURS_INVALID)
      field.focus()
      return
    }
    setMistake(undefined)
    setIssuing(true)
    try {
      setLink((await adminApi.issueKioskCredential(campaign.slug, hours)).link)
    } catch (error) {
      const described = describeAdminError(error, texts)
      if (error instanceof ApiError && error.field === 'hours') setMistake(described)
      else setNotice({ text: texts.failed(described), failed: true })
    }
    setIssuing(false)
  }

  async function revoke(credential: KioskCredential) {
    setNotice(undefined)
    setRevoking(credential.id)
    try {
      await adminApi.revokeKioskCredential(credential.id)
      setNotice({ text: texts.kioskRevoked })
    } catch (error) {
      setNotice({ text: texts.failed(describeAdminError(error, texts)), failed: true })
    }
    setRevoking(undefined)
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text)
      setNotice({ text: texts.kioskCopied })
    } catch {
      // The link stays selected in its field, for the keyboard's copy.
      linkRef.current?.select()
    }
  }

  return (
    <dialog {...dialog} aria-labelledby={`${id}-title`} aria-describedby={`${id}-intro`}>
      <h2 id={`${id}-title`}>{texts.kioskLinksTitle(campaign.name)}</h2>
      <p id={`${id}-intro`}>{texts.kioskLinksIntro}</p>
      <form className="console__form" noValidate onSubmit={(event) => void issue(event)}>
        <FormField
          id={`${id}-hours`}
          label={texts.kioskHours}
          hint={texts.kioskHoursHint(KIOSK_HOURS.default, KIOSK_HOURS.max)}
          error={mistake}
        >
          {(control) => (
            <input {...control} name="hours" type="text" inputMode="numeric" data-autofocus />
          )}
        </FormField>
        <Button type="submit" busy={issuing} busyLabel={texts.kioskIssuing}>
          {texts.kioskIssue}
        </Button>
      </form>
      {link && (
        <div className="console__field">
          <label htmlFor={`${id}-link`}>{texts.kioskLink}</label>
          <input
            ref={linkRef}
            id={`${id}-link`}
            readOnly
            value={link}
            aria-describedby={`${id}-link-hint`}
            onFocus={(event) => event.currentTarget.select()}
          />
          <small id={`${id}-link-hint`} className="console__hint">
            {texts.kioskIssued}
          </small>
          <Button variant="secondary" className="console__small" onClick={() => void copy(link)}>
            {texts.kioskCopy}
          </Button>
        </div>
      )}
      <Notice notice={notice} />
      <h3>{texts.kioskInForce}</h3>
      {ofCampaign.length === 0 ? (
        <p>{texts.kioskNone}</p>
      ) : (
        <ul className="console__kiosk-links">
          {ofCampaign.map((credential) => {
            const issuedAt = formatDateTime(credential.issuedAt, language)
            return (
              <li key={credential.id} data-kiosk-credential={credential.id}>
                <span>
                  {texts.kioskCredentialIssued(credential.operator ?? texts.byCli, issuedAt)}
                  {' · '}
                  {texts.kioskCredentialUntil(formatDateTime(credential.expiresAt, language))}
                  {' · '}
                  {credential.lastUsedAt
                    ? texts.kioskCredentialUsed(formatDateTime(credential.lastUsedAt, language))
                    : texts.kioskCredentialUnused}
                </span>
                <Button
                  variant="secondary"
                  className="console__small"
                  aria-label={texts.kioskRevokeOf(issuedAt)}
                  busy={revoking === credential.id}
                  busyLabel={texts.kioskRevoking}
                  disabled={revoking !== undefined}
                  onClick={() => void revoke(credential)}
                >
                  {texts.kioskRevoke}
                </Button>
              </li>
            )
          })}
        </ul>
      )}
      <div className="console__dialog-actions">
        <Button variant="secondary" disabled={issuing || revoking !== undefined} onClick={onClose}>
          {texts.kioskDone}
        </Button>
      </div>
    </dialog>
  )
}
