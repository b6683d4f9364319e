import type { EarnedTotal } from '@fernwood/protocol'
import type { Texts } from '../i18n/en'
import { formatAmounts } from '../i18n/format'
import { type Language, localeOf } from '../i18n/languages'

/**
 * An account's total earned as one phrase of the language: its tokens ('125.0000 FERN'), then
 * its NFTs counted beside them ('125.0000 FERN · 3 NFTs'); empty when it has earned nothing.
 */
export function earnedWords(earned: EarnedTotal[], texts: Texts, language: Language): string {
  const tokens = earned.flatMap((total) =>
    'token' in total ? [`${total.amount} ${total.token}`] : [],
  )
  const nfts = earned.reduce((count, total) => count + ('nfts' in total ? total.nfts : 0), 0)
  const parts: string[] = []
  if (tokens.length > 0) parts.push(formatAmounts(tokens, language))
  if (nfts > 0) {
    parts.push(texts.nftsEarned(nfts, new Intl.NumberFormat(localeOf(language)).format(nfts)))
  }
  return parts.join(' · ')
}
