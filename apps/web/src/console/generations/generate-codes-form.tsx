import type { AdminCampaign, CodeGeneration } from '@fernwood/protocol/admin'
import { type FormEvent, useId, useState } from 'react'
import { ApiError } from '../../api/client'
import { Button } from '../../ui/button'
import { adminApi } from '../shared/admin-api'
import { describeAdminError } from '../shared/describe-error'
import { FormField } from '../shared/form-field'
import { useConsoleTexts } from '../texts/use-console-texts'
import { GenerationDownloads } from './generation-downloads'

/**
 * `codes generate` as a form. The server makes the codes as a job: the form follows the one it
 * started on the live overview (`generations`), with its progress, then offers its CSV and
 * printable QR sheet, streamed by the server whenever they are asked for.
 */
export function GenerateCodesForm({
  campaigns,
  generations,
}: {
  campaigns: AdminCampaign[]
  generations: CodeGeneration[]
}) {
  const texts = useConsoleTexts()
  const id = useId()
  const unique = campaigns.filter((campaign) => campaign.kind === 'unique')
  const [slug, setSlug] = useState('')
  const [count, setCount] = useState('10')
  const [countError, setCountError] = useState<string | undefined>(undefined)
  const [error, setError] = useState<string | undefined>(undefined)
  const [starting, setStarting] = useState(false)
  const [started, setStarted] = useState<CodeGeneration | undefined>(undefined)
  const chosen = unique.some((campaign) => campaign.slug === slug) ? slug : unique.at(-1)?.slug
  // The overview's latest word on it; until the overview names it, the server's answer.
  const followed = started && (generations.find(({ id }) => id === started.id) ?? started)

  async function generate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!chosen) return
    const countInput = event.currentTarget.elements.namedItem('count') as HTMLInputElement
    setError(undefined)
    if (!/^[0-9]+$/.test(count.trim())) {
      setCountError(texts.errors.ADMIN_CODE_COUNT_INVALID)
      countInput.focus()
      return
    }
    setStarting(true)
    setCountError(undefined)
    try {
      setStarted((await adminApi.generateCodes(chosen, Number(count))).generation)
    } catch (refusal) {
      if (refusal instanceof ApiError && refusal.field === 'count') {
        setCountError(describeAdminError(refusal, texts))
        countInput.focus()
      } else {
        setError(describeAdminError(refusal, texts))
      }
    } finally {
      setStarting(false)
    }
  }

  return (
    <section className="console__panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{texts.generateTitle}</h2>
      {unique.length === 0 ? (
        <p>{texts.generateNone}</p>
      ) : (
        <form className="console__form" onSubmit={(event) => void generate(event)} noValidate>
          <div className="console__field">
            <label htmlFor={`${id}-campaign`}>{texts.generateCampaign}</label>
            <select
              id={`${id}-campaign`}
              value={chosen}
              onChange={(event) => setSlug(event.target.value)}
            >
              {unique.map((campaign) => (
                <option key={campaign.slug} value={campaign.slug}>
                  {campaign.name} ({campaign.slug})
                </option>
              ))}
            </select>
          </div>
          <FormField id={`${id}-count`} label={texts.count} error={countError}>
            {(control) => (
              <input
                {...control}
                name="count"
                inputMode="numeric"
                value={count}
                onChange={(event) => {
                  setCount(event.target.value)
                  setCountError(undefined)
                }}
              />
            )}
          </FormField>
          {error && (
            <p role="alert" className="console__error">
              {error}
            </p>
          )}
          <Button type="submit" busy={starting} busyLabel={texts.generating}>
            {texts.generate}
          </Button>
        </form>
      )}
      {followed && <GenerationProgress generation={followed} />}
    </section>
  )
}

/** The followed generation: its progress while it runs, then what came of it and its files. */
function GenerationProgress({ generation }: { generation: CodeGeneration }) {
  const texts = useConsoleTexts()
  const id = useId()
  const { campaign, count, made, state } = generation
  if (state === 'running') {
    return (
      <div className="console__downloads">
        <progress value={made} max={count} aria-labelledby={`${id}-progress`} />
        <p role="status" id={`${id}-progress`}>
          {texts.generateProgress(made, count, campaign)}
        </p>
      </div>
    )
  }
  return (
    <div className="console__downloads">
      {state === 'done' ? (
        <p role="status">{texts.generated(made, campaign)}</p>
      ) : (
        <p role="alert" className="console__error">
          {texts.generateFailed(made, count, campaign)}
        </p>
      )}
      {made > 0 && <GenerationDownloads generation={generation} />}
    </div>
  )
}
