import { type FormEvent, useId, useState } from 'react'
import { ApiError } from '../../api/client'
import { useLanguage } from '../../i18n/current'
import { Button } from '../../ui/button'
import { adminApi } from '../shared/admin-api'
import { describeAdminError } from '../shared/describe-error'
import { FormField } from '../shared/form-field'
import { browserTimeZone } from '../shared/format-time'
import { Notice, type NoticeText } from '../shared/notice'
import { useConsoleTexts } from '../texts/use-console-texts'
import { AllowlistField } from './allowlist-field'
import {
  bringToFocus,
  type CampaignField,
  draftOf,
  type FieldErrors,
  focusFirst,
  inputOf,
  isCampaignField,
  mistakesOf,
  type Payment,
  payments,
  valuesOf,
} from './campaign-draft'
import { FairnessFields, newCampaignFairness } from './fairness-fields'
import { NftTemplatePreviewPanel } from './nft-template-preview'
import { PaymentChoice } from './payment-choice'
import { newCampaignReview, ReviewFields } from './review-fields'
import { RuleGroupBuilder, ruleRowFieldId } from './rule-group-builder'
import { asksForNfts, groupDraftOf, type RuleGroupDraft, treeOfDraft } from './rule-rows'

/** `campaigns create` as a form: the server checks it again by the CLI's rules and words. */
export function NewCampaignForm({ onCreated }: { onCreated(slug: string): void }) {
  const texts = useConsoleTexts()
  const language = useLanguage()
  const id = useId()
  const [kind, setKind] = useState<'shared' | 'unique'>('unique')
  const [payment, setPayment] = useState<Payment>('reward')
  const [template, setTemplate] = useState('')
  const [rules, setRules] = useState<RuleGroupDraft>(groupDraftOf(null))
  const [wrongRules, setWrongRules] = useState<number[]>([])
  // Counts the campaigns created: a new one starts the settings' controls afresh.
  const [createdCount, setCreatedCount] = useState(0)
  const [mistakes, setMistakes] = useState<FieldErrors>({})
  const [notice, setNotice] = useState<NoticeText | undefined>(undefined)
  const [creating, setCreating] = useState(false)
  const zone = browserTimeZone(language)

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const values = valuesOf(form)
    const found = mistakesOf(values, payment, texts)
    const { tree, wrong } = treeOfDraft(rules)
    setMistakes(found)
    setWrongRules(wrong)
    setNotice(undefined)
    if (Object.keys(found).length > 0) {
      focusFirst(form, found)
      return
    }
    if (wrong.length > 0) {
      bringToFocus(document.getElementById(ruleRowFieldId(`${id}-rules`, wrong[0])))
      return
    }
    const allowlistFile = inputOf(form, 'allowlist')?.files?.[0]
    const draft = draftOf(values, kind, payment, {
      allowlist: await allowlistFile?.text(),
      rules: tree,
    })
    setCreating(true)
    try {
      const { campaign } = await adminApi.createCampaign(draft)
      setNotice({ text: texts.created(campaign.slug, texts.kinds[campaign.kind], campaign.reward) })
      form.reset()
      setRules(groupDraftOf(null))
      setCreatedCount((count) => count + 1)
      setKind('unique')
      choosePayment('reward')
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

  /**
   * The field of the payment chosen shows, the others' mistakes go. Between a mint and a pool
   * the template typed stays: the one field only changes its name.
   */
  function choosePayment(chosen: Payment) {
    setPayment(chosen)
    if (chosen === 'reward') setTemplate('')
    setMistakes((shown) => {
      const kept = { ...shown }
      for (const other of payments) delete kept[other]
      return kept
    })
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
          if (input.name === 'nft' || input.name === 'nftPool') setTemplate(input.value.trim())
          forget(input.name)
        }}
        noValidate
      >
        <fieldset className="console__step">
          <legend>{texts.steps.pays}</legend>
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
          {kind === 'shared' && field('code', texts.fields.code, { hint: texts.fields.codeHint })}
          <PaymentChoice id={`${id}-pays`} payment={payment} onChoose={choosePayment} />
          {payment === 'reward' &&
            field('reward', texts.fields.reward, { hint: texts.fields.rewardHint, required: true })}
          {payment !== 'reward' &&
            field(payment, texts.fields[payment], {
              hint: payment === 'nft' ? texts.fields.nftHint : texts.fields.nftPoolHint,
              required: true,
            })}
          {payment !== 'reward' && (
            <NftTemplatePreviewPanel spec={template} source={payment === 'nft' ? 'mint' : 'pool'} />
          )}
          {field('contract', texts.fields.contract, { hint: texts.fields.contractHint })}
        </fieldset>
        <fieldset className="console__step">
          <legend>{texts.steps.when}</legend>
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
        </fieldset>
        <fieldset className="console__step">
          <legend>{texts.steps.who}</legend>
          <p className="console__hint">{texts.steps.whoIntro}</p>
          {/* Folded: most campaigns of an event need none of it; a mistake in it unfolds it. */}
          <details key={createdCount} className="console__advanced">
            <summary>{texts.steps.advanced}</summary>
            <div className="console__advanced-fields">
              <AllowlistField
                id={`${id}-allowlist`}
                hint={texts.fields.allowlistHint}
                error={mistakes.allowlist}
              />
              <RuleGroupBuilder
                id={`${id}-rules`}
                draft={rules}
                onChange={(changed) => {
                  setRules(changed)
                  setWrongRules([])
                  forget('rules')
                }}
                wrongRows={wrongRules}
                error={mistakes.rules}
              />
              {field('group', texts.fields.group, { hint: texts.fields.groupHint })}
              {field('perWallet', texts.fields.perWallet, { hint: texts.fields.perWalletHint })}
              <FairnessFields
                key={createdCount}
                id={`${id}-fairness`}
                initial={newCampaignFairness}
                holdersOnly={asksForNfts(rules)}
                mistakes={mistakes}
              />
              <ReviewFields
                key={`review-${createdCount}`}
                id={`${id}-review`}
                initial={newCampaignReview}
                mistakes={mistakes}
              />
            </div>
          </details>
        </fieldset>
        <Notice notice={notice} />
        <Button type="submit" busy={creating} busyLabel={texts.creating}>
          {texts.create}
        </Button>
      </form>
    </section>
  )
}
