import type { NewCampaignRequest } from '@fernwood/protocol/admin'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '../ui/Button'
import { adminApi } from './adminApi'
import { describeAdminError } from './describeError'
import { Notice, type NoticeText } from './Notice'
import { useConsoleTexts } from './useConsoleTexts'

/** A `datetime-local` value (the operator's own clock) as the ISO time the API takes. */
const isoOf = (local: string) => (local ? new Date(local).toISOString() : undefined)

/** `campaigns create` as a form: the server checks it by the CLI's rules and words. */
export function NewCampaignForm({ onCreated }: { onCreated(slug: string): void }) {
  const texts = useConsoleTexts()
  const id = useId()
  const [kind, setKind] = useState<'shared' | 'unique'>('unique')
  const [notice, setNotice] = useState<NoticeText | undefined>(undefined)
  const [creating, setCreating] = useState(false)

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim()
    const cap = value('cap')
    if (cap !== '' && !/^[0-9]+$/.test(cap)) {
      setNotice({ text: texts.errors.ADMIN_CAP_INVALID, failed: true })
      return
    }
    const draft: NewCampaignRequest = {
      slug: value('slug'),
      name: value('name'),
      kind,
      reward: value('reward'),
      ...(value('contract') && { contract: value('contract') }),
      ...(value('startsAt') && { startsAt: isoOf(value('startsAt')) }),
      ...(value('endsAt') && { endsAt: isoOf(value('endsAt')) }),
      ...(cap !== '' && { cap: Number(cap) }),
      ...(kind === 'shared' && value('code') && { code: value('code') }),
    }
    setCreating(true)
    setNotice(undefined)
    try {
      const { campaign } = await adminApi.createCampaign(draft)
      setNotice({ text: texts.created(campaign.slug, texts.kinds[campaign.kind], campaign.reward) })
      form.reset()
      setKind('unique')
      onCreated(campaign.slug)
    } catch (refusal) {
      setNotice({ text: describeAdminError(refusal, texts), failed: true })
    } finally {
      setCreating(false)
    }
  }

  const field = (name: string, label: string, hint?: string, type = 'text', required = false) => (
    <div className="console__field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        required={required}
        aria-describedby={hint ? `${id}-${name}-hint` : undefined}
      />
      {hint && (
        <small id={`${id}-${name}-hint`} className="console__hint">
          {hint}
        </small>
      )}
    </div>
  )

  return (
    <section className="console__panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{texts.createTitle}</h2>
      <form className="console__form" onSubmit={(event) => void create(event)} noValidate>
        {field('slug', texts.fields.slug, texts.fields.slugHint, 'text', true)}
        {field('name', texts.fields.name, undefined, 'text', true)}
        <div className="console__field">
          <label htmlFor={`${id}-kind`}>{texts.fields.kind}</label>
          <select
            id={`${id}-kind`}
            name="kind"
            value={kind}
            onChange={(event) => setKind(event.target.value as 'shared' | 'unique')}
          >
            <option value="unique">{texts.kinds.unique}</option>
            <option value="shared">{texts.kinds.shared}</option>
          </select>
        </div>
        {field('reward', texts.fields.reward, texts.fields.rewardHint, 'text', true)}
        {field('contract', texts.fields.contract, texts.fields.contractHint)}
        {field('startsAt', texts.fields.startsAt, undefined, 'datetime-local')}
        {field('endsAt', texts.fields.endsAt, undefined, 'datetime-local')}
        {field('cap', texts.fields.cap, texts.fields.capHint, 'text')}
        {kind === 'shared' && field('code', texts.fields.code, texts.fields.codeHint)}
        <Notice notice={notice} />
        <Button type="submit" busy={creating} busyLabel={texts.creating}>
          {texts.create}
        </Button>
      </form>
    </section>
  )
}
