import { campaignRules, type NftTemplatePreview } from '@fernwood/protocol/admin'
import { useEffect, useState } from 'react'
import { NftPicture } from '../../nfts/nft-picture'
import { adminApi } from '../shared/admin-api'
import { describeAdminError } from '../shared/describe-error'
import { useConsoleTexts } from '../texts/use-console-texts'
import { type NftSource, templateStockOf } from './nft-stock'

// Typing pauses this long before the chain is asked, so that a spec typed is read once.
const PAUSE_MS = 300

type Preview = { loading: true } | { found: NftTemplatePreview } | { refusal: unknown }

/**
 * The template an NFT campaign would mint or hand out from its pool, as the chain has it now: its
 * picture, name and what it has to give, or why it cannot be read. Nothing until `spec` has the
 * form of a template.
 */
export function NftTemplatePreviewPanel({ spec, source }: { spec: string; source: NftSource }) {
  const texts = useConsoleTexts()
  const [preview, setPreview] = useState<Preview | undefined>(undefined)
  const wellFormed = campaignRules.nft.test(spec)

  useEffect(() => {
    if (!wellFormed) return
    let current = true
    setPreview({ loading: true })
    const timer = setTimeout(() => {
      adminApi.nftTemplate(spec).then(
        (found) => current && setPreview({ found }),
        (refusal: unknown) => current && setPreview({ refusal }),
      )
    }, PAUSE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [spec, wellFormed])

  if (!wellFormed || !preview) return null
  return (
    <output className="console__nft-preview" aria-live="polite">
      {'loading' in preview && texts.nftPreviewLoading}
      {'refusal' in preview && describeAdminError(preview.refusal, texts)}
      {'found' in preview && <TemplateFound preview={preview.found} source={source} />}
    </output>
  )
}

/** The template found: a pool's line turns to a warning when the payout account holds none. */
function TemplateFound({ preview, source }: { preview: NftTemplatePreview; source: NftSource }) {
  const texts = useConsoleTexts()
  const stock = templateStockOf(preview, source, texts)
  return (
    <>
      <NftPicture nft={preview.template} size={48} />
      <span>
        <span className="console__name">{preview.template.name}</span>
        <span className={stock.refused ? 'console__slug console__error-text' : 'console__slug'}>
          {stock.text}
        </span>
      </span>
    </>
  )
}
