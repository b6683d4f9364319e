import type { AdminCampaign } from '@fernwood/protocol/admin'
import { type FormEvent, useId, useState } from 'react'
import { ApiError } from '../../api/client'
import { useLanguage } from '../../i18n/current'
import { Button } from '../../ui/button'
import { adminApi } from '../shared/admin-api'
import { describeAdminError } from '../shared/describe-error'
import { FormField } from '../shared/form-field'
import { browserTimeZone } from '../shared/format-time'
import { useModalDialog } from '../shared/use-modal-dialog'
import { useConsoleTexts } from '../texts/use-console-texts'
import { AllowlistField } from './allowlist-field'
import {
  editMistakesOf,
  type FieldErrors,
  focusFirst,
  inputOf,
  isCampaignField,
  valuesOf,
} from './campaign-draft'
import { type EditField, editOf, editValuesOf } from './campaign-edit'
import { FairnessFields } from './fairness-fields'
import { ReviewFields } from './review-fields'
import { RuleGroupBuilder, ruleRowFieldId } from './rule-group-builder'
import { asksForNfts, groupDraftOf, type RuleGroupDraft, treeOfDraft } from './rule-rows'

/** A file replaces the campaign's allowlist and the box removes it; neither keeps it. */
async function allowlistOf(form: HTMLFormElement): Promise<string | null | undefined> {
  const file = inputOf(form, 'allowlist')?.files?.[0]
  if (file) return file.text()
  return inputOf(form, 'removeAllowlist')?.checked ? null : undefined
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
  onEdited(campaign: AdminCampaign): void
  onClose(): void
}) {
  const texts = useConsoleTexts()
  const zone = browserTimeZone(useLanguage())
  const id = useId()
  const [mistakes, setMistakes] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [saving, setSaving] = useState(false)
  const dialog = useModalDialog({ busy: saving, onClose })
  const initial = editValuesOf(campaign)
  const [rules, setRules] = useState<RuleGroupDraft>(groupDraftOf(campaign.rules.tree))
  const [wrongRules, setWrongRules] = useState<number[]>([])

  function refuse(form: HTMLFormElement, found: FieldErrors) {
    setMistakes(found)
    focusFirst(form, found)
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    setFailure(undefined)
    const values = valuesOf(form)
    const found = editMistakesOf(values, campaign.claimed, texts)
    const { tree, wrong } = treeOfDraft(rules)
    setWrongRules(wrong)
    if (Object.keys(found).length > 0) return refuse(form, found)
    if (wrong.length > 0) {
      document.getElementById(ruleRowFieldId(`${id}-rules`, wrong[0]))?.focus()
      return
    }
    const edit = editOf(values, initial, {
      reopen: inputOf(form, 'reopen')?.checked ?? false,
      allowlist: await allowlistOf(form),
      rules: tree,
      initialRules: campaign.rules.tree,
    })
    if (Object.keys(edit).length === 0) {
      setFailure(texts.errors.ADMIN_EDIT_EMPTY)
      return
    }
    setSaving(true)
    try {
      const { campaign: edited } = await adminApi.editCampaign(campaign.slug, edit)
      onEdited(edited)
      onClose()
    } catch (refusal) {
      const field = refusal instanceof ApiError ? refusal.field : undefined
      if (isCampaignField(field) && inputOf(form, field)) {
        refuse(form, { [field]: describeAdminError(refusal, texts) })
      } else setFailure(describeAdminError(refusal, texts))
      setSaving(false)
    }
  }

  const field = (name: EditField, label: string, hint: string | undefined, type: string) => (
    <FormField id={`${id}-${name}`} label={label} hint={hint} error={mistakes[name]}>
      {(control) => <input {...control} name={name} type={type} defaultValue={initial[name]} />}
    </FormField>
  )

  return (
    <dialog {...dialog} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{texts.editTitle(campaign.name)}</h2>
      <form
        className="console__form"
        noValidate
        onSubmit={(event) => void save(event)}
        onInput={(event) => {
          const { name } = event.target as HTMLInputElement
          if (isCampaignField(name) && mistakes[name])
            setMistakes({ ...mistakes, [name]: undefined })
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
        <RuleGroupBuilder
          id={`${id}-rules`}
          draft={rules}
          onChange={(changed) => {
            setRules(changed)
            setWrongRules([])
            if (mistakes.rules) setMistakes({ ...mistakes, rules: undefined })
          }}
          wrongRows={wrongRules}
          error={mistakes.rules}
        />
        {field('group', texts.fields.group, texts.fields.groupHint, 'text')}
        {field('perWallet', texts.fields.perWallet, texts.fields.perWalletHint, 'text')}
        <FairnessFields
          id={`${id}-fairness`}
          initial={initial}
          holdersOnly={asksForNfts(rules)}
          mistakes={mistakes}
        />
        <ReviewFields
          id={`${id}-review`}
          initial={initial}
          checkSecret={campaign.checkSecret}
          mistakes={mistakes}
        />
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
