import type { AdminCampaign } from '@fernwood/protocol/admin'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { Button } from '../ui/Button'
import { adminApi } from './adminApi'
import { describeAdminError } from './describeError'
import { useConsoleTexts } from './useConsoleTexts'

interface Downloads {
  slug: string
  count: number
  csv: string
  sheet: string
}

/**
 * `codes generate` as a form: the new codes' CSV and printable QR sheet (the CLI's own files,
 * made by the server) offered as downloads.
 */
export function GenerateCodesForm({ campaigns }: { campaigns: AdminCampaign[] }) {
  const texts = useConsoleTexts()
  const id = useId()
  const unique = campaigns.filter((campaign) => campaign.kind === 'unique')
  const [slug, setSlug] = useState('')
  const [count, setCount] = useState('10')
  const [error, setError] = useState<string | undefined>(undefined)
  const [generating, setGenerating] = useState(false)
  const [downloads, setDownloads] = useState<Downloads | undefined>(undefined)
  const chosen = unique.some((campaign) => campaign.slug === slug) ? slug : unique.at(-1)?.slug

  async function generate(event: FormEvent) {
    event.preventDefault()
    if (!chosen) return
    if (!/^[0-9]+$/.test(count.trim())) {
      setError(texts.errors.ADMIN_CODE_COUNT_INVALID)
      return
    }
    setGenerating(true)
    setError(undefined)
    try {
      const generated = await adminApi.generateCodes(chosen, Number(count))
      setDownloads({ slug: chosen, count: generated.codes.length, ...generated })
    } catch (refusal) {
      setError(describeAdminError(refusal, texts))
    } finally {
      setGenerating(false)
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
          <div className="console__field">
            <label htmlFor={`${id}-count`}>{texts.count}</label>
            <input
              id={`${id}-count`}
              inputMode="numeric"
              value={count}
              onChange={(event) => setCount(event.target.value)}
            />
          </div>
          {error && (
            <p role="alert" className="console__error">
              {error}
            </p>
          )}
          <Button type="submit" busy={generating} busyLabel={texts.generating}>
            {texts.generate}
          </Button>
        </form>
      )}
      {downloads && <DownloadLinks downloads={downloads} />}
    </section>
  )
}

function DownloadLinks({ downloads }: { downloads: Downloads }) {
  const texts = useConsoleTexts()
  const [urls, setUrls] = useState<{ csv: string; sheet: string } | undefined>(undefined)
  useEffect(() => {
    const csv = URL.createObjectURL(new Blob([downloads.csv], { type: 'text/csv' }))
    const sheet = URL.createObjectURL(new Blob([downloads.sheet], { type: 'text/html' }))
    setUrls({ csv, sheet })
    return () => {
      URL.revokeObjectURL(csv)
      URL.revokeObjectURL(sheet)
    }
  }, [downloads])
  if (!urls) return null
  return (
    <div className="console__downloads">
      <p role="status">{texts.generated(downloads.count, downloads.slug)}</p>
      <a href={urls.csv} download={`${downloads.slug}-codes.csv`}>
        {texts.downloadCsv}
      </a>
      <a href={urls.sheet} download={`${downloads.slug}-sheet.html`}>
        {texts.downloadSheet}
      </a>
    </div>
  )
}
