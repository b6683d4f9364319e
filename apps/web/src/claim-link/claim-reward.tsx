import type { ClaimPreview } from '@fernwood/protocol'
import { useLanguage, useTexts } from '../i18n/current'
import type { Texts } from '../i18n/en'
import { formatDate, formatTokenAmount } from '../i18n/format'
import type { Language } from '../i18n/languages'
import { NftPicture } from '../nfts/nft-picture'
import { claimRuleTexts } from '../rewards/rule-wording'
import './claim-reward.css'

/**
 * What a claim link pays, reward first: amount and token (or the NFT's picture and name), then
 * the campaign, then when.
 */
export function ClaimReward({ preview }: { preview: ClaimPreview }) {
  const texts = useTexts()
  const language = useLanguage()
  const when = claimWhen(preview, texts, language)
  return (
    <div className="claim-reward" data-state={preview.state}>
      {preview.nft && <NftPicture nft={preview.nft} size={128} />}
      <p className="claim-reward__amount">{claimRewardWords(preview, texts, language)}</p>
      <p className="claim-reward__campaign">{preview.campaign}</p>
      {when && <p className="claim-reward__when">{when}</p>}
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

/** '10.0000 FERN', or the NFT's name. */
export function claimRewardWords(preview: ClaimPreview, texts: Texts, language: Language): string {
  if (preview.reward) {
    return formatTokenAmount(`${preview.reward.amount} ${preview.reward.token}`, language)
  }
  return preview.nft ? texts.nftReward(preview.nft.name) : ''
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
