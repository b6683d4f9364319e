import { campaignRules, claimRuleFields, type NewCampaignRequest } from '@fernwood/protocol/admin'
import { normalizeCode } from '@fernwood/protocol/codes'
import { type FormEvent, useId, useState } from 'react'
import { ApiError } from '../api/client'
import { useLanguage } from '../i18n/current'
import { Button } from '../ui/button'
import { adminApi } from './admin-api'
import { AllowlistField } from './allowlist-field'
import { describeAdminError } from './describe-error'
import { FormField } from './form-field'
import { browserTimeZone } from './format-time'
import { NftTemplatePreviewPanel } from './nft-template-preview'
import { Notice, type NoticeText } from './notice'
import type { ConsoleTexts } from './texts'
import { useConsoleTexts } from './use-console-texts'

type CampaignField = Exclude<keyof NewCampaignRequest, 'kind'>
type FieldErrors = Partial<Record<CampaignField, string>>

const FIELDS: readonly CampaignField[] = [
  'slug',
  'name',
  'reward',
  'nft',
  'contract',
  'startsAt',
  'endsAt',
  'cap',
  'budget',
  'code',
  ...claimRuleFields,
]
const isCampaignField = (name: string | undefined): name is CampaignField =>
  FIELDS.includes(name as CampaignField)

/** A `datetime-local` value (the operator's own clock) as the instant the API takes. */
const isoOf = (local: string) => new Date(local).toISOString()

const inputOf = (form: HTMLFormElement, name: CampaignField) =>
  form.elements.namedItem(name) as HTMLInputElement | null

/** The form's value of `name`, trimmed; empty for a field not shown. */
const fieldValue = (form: HTMLFormElement, name: CampaignField) =>
  inputOf(form, name)?.value.trim() ?? ''

/**
 * Every mistake the form can tell before sending, each by its field and in the server's words
 * (the same rules, from the protocol): the operator sees them all at once, not one per attempt.
 */
function mistakesOf(form: HTMLFormElement, texts: ConsoleTexts): FieldErrors {
  const value = (name: CampaignField) => fieldValue(form, name)
  const mistakes: FieldErrors = {}
  if (!campaignRules.slug.test(value('slug'))) mistakes.slug = texts.errors.ADMIN_SLUG_INVALID
  if (value('name') === '' || value('name').length > campaignRules.nameMaxLength) {
    mistakes.name = texts.errors.ADMIN_NAME_INVALID
  }
  // An NFT campaign mints its template instead of paying a reward: one or the other.
  if (value('nft') === '') {
    if (!campaignRules.reward.test(value('reward'))) {
      mistakes.reward = texts.errors.ADMIN_REWARD_INVALID
    }
  } else if (!campaignRules.nft.test(value('nft')) || value('reward') !== '') {
    mistakes.nft = texts.errors.ADMIN_NFT_INVALID
  }
  if (value('contract') !== '' && !campaignRules.contract.test(value('contract'))) {
    mistakes.contract = texts.errors.ADMIN_CONTRACT_INVALID
  }
  // A date typed in part leaves the input's value empty: only its validity tells.
  for (const time of ['startsAt', 'endsAt'] as const) {
    if (inputOf(form, time)?.validity.badInput) mistakes[time] = texts.incompleteTime
  }
  const [start, end] = [value('startsAt'), value('endsAt')]
  if (!mistakes.endsAt && start && end && Date.parse(isoOf(end)) <= Date.parse(isoOf(start))) {
    mistakes.endsAt = texts.errors.ADMIN_WINDOW_INVALID
  }
  const cap = value('cap')
  if (cap !== '' && !(/^[0-9]+$/.test(cap) && Number(cap) >= 1)) {
    mistakes.cap = texts.errors.ADMIN_CAP_INVALID
  }
  const budget = value('budget')
  if (budget !== '' && !(/^[0-9]+$/.test(budget) || campaignRules.reward.test(budget))) {
    mistakes.budget = texts.errors.ADMIN_BUDGET_INVALID
  }
  if (value('code') !== '' && !normalizeCode(value('code'))) {
    mistakes.code = texts.errors.ADMIN_CODE_INVALID
  }
  return mistakes
}

/** Puts the operator on the first field to fix, where its reason is read out. */
function focusFirst(form: HTMLFormElement, mistakes: FieldErrors) {
  const first = FIELDS.find((name) => mistakes[name] && inputOf(form, name))
  if (first) inputOf(form, first)?.focus()
}

/** `campaigns create` as a form: the server checks it again by the CLI's rules and words. */
export function NewCampaignForm({ onCreated }: { onCreated(slug: string): void }) {
  const texts = useConsoleTexts()
  const language = useLanguage()
  const id = useId()
  const [kind, setKind] = useState<'shared' | 'unique'>('unique')
  const [nft, setNft] = useState('')
  const [mistakes, setMistakes] = useState<FieldErrors>({})
  const [notice, setNotice] = useState<NoticeText | undefined>(undefined)
  const [creating, setCreating] = useState(false)
  const zone = browserTimeZone(language)

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const found = mistakesOf(form, texts)
    setMistakes(found)
    setNotice(undefined)
    if (Object.keys(found).length > 0) {
      focusFirst(form, found)
      return
    }
    const value = (name: CampaignField) => fieldValue(form, name)
    // The allowlist file goes as its text: the server reads it as the CLI reads the file.
    const allowlistFile = inputOf(form, 'allowlist')?.files?.[0]
    const age = value('minAccountAgeDays')
    const draft: NewCampaignRequest = {
      slug: value('slug'),
      name: value('name'),
      kind,
      ...(value('nft') ? { nft: value('nft') } : { reward: value('reward') }),
      ...(value('contract') && { contract: value('contract') }),
      ...(value('startsAt') && { startsAt: isoOf(value('startsAt')) }),
      ...(value('endsAt') && { endsAt: isoOf(value('endsAt')) }),
      ...(value('cap') && { cap: Number(value('cap')) }),
      ...(value('budget') && { budget: value('budget') }),
      ...(value('code') && { code: value('code') }),
      ...(allowlistFile && { allowlist: await allowlistFile.text() }),
      ...(value('minBalance') && { minBalance: value('minBalance') }),
      ...(value('holdsNft') && { holdsNft: value('holdsNft') }),
      // A number the server refuses (not whole, out of range) comes back beside the field.
      ...(age && { minAccountAgeDays: Number(age) }),
      ...(value('group') && { group: value('group') }),
      ...(value('perWallet') && { perWallet: value('perWallet') }),
    }
    setCreating(true)
    try {
      const { campaign } = await adminApi.createCampaign(draft)
      setNotice({ text: texts.created(campaign.slug, texts.kinds[campaign.kind], campaign.reward) })
      form.reset()
      setKind('unique')
      setNft('')
      onCreated(campaign.slug)
    } catch (refusal) {
      const field = refusal instanceof ApiError ? refusal.field : undefined
      if (isCampaignField(field) && inputOf(form, field)) {
        const refused = { [field]: describeAdminError(refusal, texts) }
        setMistakes(refused)
        focusFirst(form, refused)
      } else {
        setNotice({ text: describeAdminError(refusal, texts), failed: true })
      }
    } finally {
      setCreating(false)
    }
  }

  /** A field's mistake goes once the operator changes it. */
  function forget(name: string) {
    if (!isCampaignField(name) || !mistakes[name]) return
    const { [name]: _fixed, ...rest } = mistakes
    setMistakes(rest)
  }

  const field = (
    name: CampaignField,
    label: string,
    { hint, type = 'text', required = false }: { hint?: string; type?: string; required?: boolean },
  ) => (
    <FormField id={`${id}-${name}`} label={label} hint={hint} error={mistakes[name]}>
      {(control) => <input {...control} name={name} type={type} required={required} />}
    </FormField>
  )

  return (
    <section className="console__panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{texts.createTitle}</h2>
      <form
        className="console__form"
        onSubmit={(event) => void create(event)}
        onInput={(event) => {
          const input = event.target as HTMLInputElement
          if (input.name === 'nft') setNft(input.value.trim())
          forget(input.name)
        }}
        noValidate
      >
        {field('slug', texts.fields.slug, { hint: texts.fields.slugHint, required: true })}
        {field('name', texts.fields.name, { required: true })}
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
        {field('reward', texts.fields.reward, {
          hint: texts.fields.rewardHint,
          required: nft === '',
        })}
        {field('nft', texts.fields.nft, { hint: texts.fields.nftHint })}
        <NftTemplatePreviewPanel spec={nft} />
        {field('contract', texts.fields.contract, { hint: texts.fields.contractHint })}
        {field('startsAt', texts.fields.startsAt, {
          hint: texts.fields.timeHint(zone),
          type: 'datetime-local',
        })}
        {field('endsAt', texts.fields.endsAt, {
          hint: texts.fields.timeHint(zone),
          type: 'datetime-local',
        })}
        {field('cap', texts.fields.cap, { hint: texts.fields.capHint })}
        {field('budget', texts.fields.budget, { hint: texts.fields.budgetHint })}
        {kind === 'shared' && field('code', texts.fields.code, { hint: texts.fields.codeHint })}
        <AllowlistField
          id={`${id}-allowlist`}
          hint={texts.fields.allowlistHint}
          error={mistakes.allowlist}
        />
        {field('minBalance', texts.fields.minBalance, { hint: texts.fields.minBalanceHint })}
        {field('holdsNft', texts.fields.holdsNft, { hint: texts.fields.holdsNftHint })}
        {field('minAccountAgeDays', texts.fields.minAccountAgeDays, { type: 'number' })}
        {field('group', texts.fields.group, { hint: texts.fields.groupHint })}
        {field('perWallet', texts.fields.perWallet, { hint: texts.fields.perWalletHint })}
        <Notice notice={notice} />
        <Button type="submit" busy={creating} busyLabel={texts.creating}>
          {texts.create}
        </Button>
      </form>
    </section>
  )
}
