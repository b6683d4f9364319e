import {
  type AdminCampaign,
  type CampaignEditRequest,
  claimRuleFields,
} from '@fernwood/protocol/admin'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { ApiError } from '../api/client'
import { useLanguage } from '../i18n/current'
import { Button } from '../ui/button'
import { adminApi } from './admin-api'
import { AllowlistField } from './allowlist-field'
import { describeAdminError } from './describe-error'
import { FormField } from './form-field'
import { browserTimeZone } from './format-time'
import { useConsoleTexts } from './use-console-texts'

/** The rules written as text, as `campaigns create` takes them; empty removes one. */
type RuleField = Exclude<(typeof claimRuleFields)[number], 'allowlist'>
const RULE_FIELDS = claimRuleFields.filter((field): field is RuleField => field !== 'allowlist')
type EditField = 'startsAt' | 'endsAt' | 'cap' | 'allowlist' | RuleField
type FieldErrors = Partial<Record<EditField, string>>
const FIELDS: readonly EditField[] = ['startsAt', 'endsAt', 'cap', 'allowlist', ...RULE_FIELDS]
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
 * `campaigns edit` as a dialog: the window, the cap and the rules as they stand, changed in place
 * (an allowlist file replaces the campaign's list; its accounts are not shown); a closed campaign
 * may be reopened with them. Only what changed is sent; a refusal shows beside its field.
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
    minBalance: campaign.rules.minBalance ?? '',
    holdsNft: campaign.rules.holdsNft ?? '',
    minAccountAgeDays: String(campaign.rules.minAccountAgeDays ?? ''),
    group: campaign.rules.group ?? '',
    perWallet: campaign.rules.perWallet ?? '',
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
    const days = inputOf(form, 'minAccountAgeDays')?.value.trim() ?? ''
    if (days !== '' && !/^[0-9]+$/.test(days)) {
      found.minAccountAgeDays = texts.errors.ADMIN_ACCOUNT_AGE_INVALID
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
    const value = (name: Exclude<EditField, 'allowlist'>) => inputOf(form, name)?.value.trim() ?? ''
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
    for (const rule of RULE_FIELDS) {
      if (value(rule) === initial[rule]) continue
      const written = value(rule) === '' ? null : value(rule)
      Object.assign(edit, {
        [rule]: rule === 'minAccountAgeDays' && written !== null ? Number(written) : written,
      })
    }
    const allowlistFile = inputOf(form, 'allowlist')?.files?.[0]
    if (allowlistFile) edit.allowlist = await allowlistFile.text()
    else if (inputOf(form, 'removeAllowlist')?.checked) edit.allowlist = null
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

  const field = (
    name: Exclude<EditField, 'allowlist'>,
    label: string,
    hint: string | undefined,
    type: string,
  ) => (
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
        <AllowlistField
          id={`${id}-allowlist`}
          hint={campaign.rules.allowlist ? texts.editAllowlistReplace : texts.fields.allowlistHint}
          error={mistakes.allowlist}
        />
        {campaign.rules.allowlist && (
          <div className="console__field console__check">
            <input id={`${id}-removeAllowlist`} name="removeAllowlist" type="checkbox" />
            <label htmlFor={`${id}-removeAllowlist`}>{texts.editAllowlistRemove}</label>
          </div>
        )}
        {field('minBalance', texts.fields.minBalance, texts.fields.minBalanceHint, 'text')}
        {field('holdsNft', texts.fields.holdsNft, texts.fields.holdsNftHint, 'text')}
        {field('minAccountAgeDays', texts.fields.minAccountAgeDays, undefined, 'text')}
        {field('group', texts.fields.group, texts.fields.groupHint, 'text')}
        {field('perWallet', texts.fields.perWallet, texts.fields.perWalletHint, 'text')}
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
