import type { AdminCampaign, CampaignEditRequest } from '@fernwood/protocol/admin'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { ApiError } from '../api/client'
import { useLanguage } from '../i18n/current'
import { Button } from '../ui/button'
import { adminApi } from './admin-api'
import { describeAdminError } from './describe-error'
import { FormField } from './form-field'
import { browserTimeZone } from './format-time'
import { useConsoleTexts } from './use-console-texts'

type EditField = 'startsAt' | 'endsAt' | 'cap'
type FieldErrors = Partial<Record<EditField, string>>
const FIELDS: readonly EditField[] = ['startsAt', 'endsAt', 'cap']
const isEditField = (name: string | undefined): name is EditField =>
  FIELDS.includes(name as EditField)

/** An instant as a `datetime-local` value on the operator's own clock; empty for none. */
function localInputOf(time: string | null): string {
  if (!time) return ''
  const instant = new Date(time)
  return new Date(instant.getTime() - instant.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16)
}

/**
 * `campaigns edit` as a dialog: the window and the cap as they stand, changed in place; a closed
 * campaign may be reopened with them. Only what changed is sent; a refusal shows beside its field.
 */
export function EditCampaignDialog({
  campaign,
  onEdited,
  onClose,
}: {
  campaign: AdminCampaign
  onEdited(slug: string): void
  onClose(): void
}) {
  const texts = useConsoleTexts()
  const zone = browserTimeZone(useLanguage())
  const id = useId()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const [mistakes, setMistakes] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [saving, setSaving] = useState(false)
  const initial = {
    startsAt: localInputOf(campaign.startsAt),
    endsAt: localInputOf(campaign.endsAt),
    cap: campaign.cap === null ? '' : String(campaign.cap),
  }

  useEffect(() => {
    const opener = document.activeElement
    dialogRef.current?.showModal()
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [])

  const inputOf = (form: HTMLFormElement, name: string) =>
    form.elements.namedItem(name) as HTMLInputElement | null

  function mistakesOf(form: HTMLFormElement): FieldErrors {
    const found: FieldErrors = {}
    for (const time of ['startsAt', 'endsAt'] as const) {
      if (inputOf(form, time)?.validity.badInput) found[time] = texts.incompleteTime
    }
    const [start, end] = [inputOf(form, 'startsAt')?.value, inputOf(form, 'endsAt')?.value]
    if (!found.endsAt && start && end && Date.parse(end) <= Date.parse(start)) {
      found.endsAt = texts.errors.ADMIN_WINDOW_INVALID
    }
    const cap = inputOf(form, 'cap')?.value.trim() ?? ''
    if (cap !== '' && !(/^[0-9]+$/.test(cap) && Number(cap) >= 1)) {
      found.cap = texts.errors.ADMIN_CAP_INVALID
    } else if (cap !== '' && Number(cap) < campaign.claimed) {
      found.cap = texts.capBelowClaimed(campaign.claimed)
    }
    return found
  }

  function refuse(form: HTMLFormElement, found: FieldErrors) {
    setMistakes(found)
    const first = FIELDS.find((name) => found[name])
    if (first) inputOf(form, first)?.focus()
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    setFailure(undefined)
    const found = mistakesOf(form)
    if (Object.keys(found).length > 0) return refuse(form, found)
    const value = (name: EditField) => inputOf(form, name)?.value.trim() ?? ''
    const time = (name: 'startsAt' | 'endsAt') =>
      value(name) === '' ? null : new Date(value(name)).toISOString()
    const edit: CampaignEditRequest = {
      ...(value('startsAt') !== initial.startsAt && { startsAt: time('startsAt') }),
      ...(value('endsAt') !== initial.endsAt && { endsAt: time('endsAt') }),
      ...(value('cap') !== initial.cap && {
        cap: value('cap') === '' ? null : Number(value('cap')),
      }),
      ...(inputOf(form, 'reopen')?.checked && { reopen: true }),
    }
    if (Object.keys(edit).length === 0) {
      setFailure(texts.errors.ADMIN_EDIT_EMPTY)
      return
    }
    setSaving(true)
    try {
      await adminApi.editCampaign(campaign.slug, edit)
      onEdited(campaign.slug)
      onClose()
    } catch (refusal) {
      const field = refusal instanceof ApiError ? refusal.field : undefined
      if (isEditField(field)) refuse(form, { [field]: describeAdminError(refusal, texts) })
      else setFailure(describeAdminError(refusal, texts))
      setSaving(false)
    }
  }

  const field = (name: EditField, label: string, hint: string, type: string) => (
    <FormField id={`${id}-${name}`} label={label} hint={hint} error={mistakes[name]}>
      {(control) => <input {...control} name={name} type={type} defaultValue={initial[name]} />}
    </FormField>
  )

  return (
    <dialog
      ref={dialogRef}
      className="console__dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        if (saving) event.preventDefault()
      }}
      onClose={onClose}
    >
      <h2 id={`${id}-title`}>{texts.editTitle(campaign.name)}</h2>
      <form
        className="console__form"
        noValidate
        onSubmit={(event) => void save(event)}
        onInput={(event) => {
          const name = (event.target as HTMLInputElement).name
          if (isEditField(name) && mistakes[name]) setMistakes({ ...mistakes, [name]: undefined })
        }}
      >
        {field('startsAt', texts.fields.startsAt, texts.fields.timeHint(zone), 'datetime-local')}
        {field('endsAt', texts.fields.endsAt, texts.fields.timeHint(zone), 'datetime-local')}
        {field('cap', texts.fields.cap, texts.editCapHint(campaign.claimed), 'text')}
        {campaign.state === 'closed' && (
          <div className="console__field console__check">
            <input id={`${id}-reopen`} name="reopen" type="checkbox" />
            <label htmlFor={`${id}-reopen`}>{texts.editReopen}</label>
          </div>
        )}
        {failure && (
          <p role="alert" className="console__error">
            {failure}
          </p>
        )}
        <div className="console__dialog-actions">
          <Button variant="secondary" disabled={saving} onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button type="submit" busy={saving} busyLabel={texts.saving}>
            {texts.save}
          </Button>
        </div>
      </form>
    </dialog>
  )
}
