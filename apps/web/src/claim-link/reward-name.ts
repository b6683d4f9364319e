import type { ClaimPreview } from '@fernwood/protocol'
import { type Language, localeOf } from '../i18n/languages'

/**
 * What a claim link pays, as its button names it: '25 FERN' (the token's trailing zeros dropped,
 * as people say an amount: '12.5 FERN', never '25.0000 FERN'), or the NFT's own name. The amount
 * goes to Intl as its decimal string, which Intl formats exactly.
 */
export function rewardName(
  preview: Pick<ClaimPreview, 'reward' | 'nft'>,
  language: Language,
): string {
  if (preview.reward) {
    const { amount, token } = preview.reward
    const precision = amount.split('.')[1]?.length ?? 0
    const number = new Intl.NumberFormat(localeOf(language), {
      maximumFractionDigits: precision,
    }).format(amount as `${number}`)
    return `${number} ${token}`
  }
  return preview.nft?.name ?? ''
}
