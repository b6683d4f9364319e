import type { ClaimPreview } from '@fernwood/protocol'
import { useLanguage, useTexts } from '../i18n/current'
import type { Texts } from '../i18n/en'
import { formatDate, formatTokenAmount } from '../i18n/format'
import type { Language } from '../i18n/languages'
import './ClaimReward.css'

/** What a claim link pays, reward first: amount and token, then the campaign, then when. */
export function ClaimReward({ preview }: { preview: ClaimPreview }) {
  const texts = useTexts()
  const language = useLanguage()
  const { amount, token } = preview.reward
  const when = claimWhen(preview, texts, language)
  return (
    <div className="claim-reward" data-state={preview.state}>
      <p className="claim-reward__amount">{formatTokenAmount(`${amount} ${token}`, language)}</p>
      <p className="claim-reward__campaign">{preview.campaign}</p>
      {when && <p className="claim-reward__when">{when}</p>}
    </div>
  )
}

/** Until when it pays, when it opens, or why it pays nothing now (a rejection's words). */
function claimWhen(preview: ClaimPreview, texts: Texts, language: Language): string | undefined {
  switch (preview.state) {
    case 'open':
      return preview.endsAt ? texts.claimOpenUntil(formatDate(preview.endsAt, language)) : undefined
    case 'not_started':
      return preview.startsAt
        ? texts.claimOpensOn(formatDate(preview.startsAt, language))
        : texts.rejection.not_started
    default:
      return texts.rejection[preview.state]
  }
}
