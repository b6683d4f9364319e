import type { ClaimPreview } from '@fernwood/protocol'
import { useLanguage, useTexts } from '../i18n/current'
import type { Texts } from '../i18n/en'
import { formatDate, formatDateTime } from '../i18n/format'
import { type Language, localeOf } from '../i18n/languages'
import { NftPicture } from '../nfts/nft-picture'
import { claimRuleTexts } from '../rewards/rule-wording'
import { rewardName } from './reward-name'
import './claim-reward.css'

/**
 * What a claim link pays, reward first: amount and token (or the NFT's picture and name), then
 * the campaign, then until when and how many are left.
 */
export function ClaimReward({ preview }: { preview: ClaimPreview }) {
  const texts = useTexts()
  const language = useLanguage()
  const when = claimWhen(preview, texts, language)
  const left = preview.state === 'open' ? claimsLeft(preview, texts, language) : undefined
  return (
    <div className="claim-reward" data-state={preview.state}>
      {preview.nft && <NftPicture nft={preview.nft} size={128} />}
      <p className="claim-reward__amount">{rewardName(preview, language)}</p>
      <p className="claim-reward__campaign">{preview.campaign}</p>
      {(when || left) && (
        <p className="claim-reward__when">{[when, left].filter(Boolean).join(' · ')}</p>
      )}
      {preview.rules && (
        <ul className="claim-reward__rules">
          {claimRuleTexts(preview.rules, texts, language).map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** Until when it pays (to the minute: a link may end within the day), or why it pays nothing now. */
function claimWhen(preview: ClaimPreview, texts: Texts, language: Language): string | undefined {
  switch (preview.state) {
    case 'open':
      return preview.endsAt
        ? texts.claimOpenUntil(formatDateTime(preview.endsAt, language))
        : undefined
    case 'not_started':
      return preview.startsAt
        ? texts.claimOpensOn(formatDate(preview.startsAt, language))
        : texts.rejection.not_started
    default:
      return texts.rejection[preview.state]
  }
}

/** '7 left' under a cap or budget; nothing when it has neither. */
function claimsLeft(preview: ClaimPreview, texts: Texts, language: Language): string | undefined {
  if (preview.remaining === null) return undefined
  return texts.claimRemaining(new Intl.NumberFormat(localeOf(language)).format(preview.remaining))
}
