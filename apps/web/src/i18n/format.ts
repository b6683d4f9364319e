import { type Language, localeOf } from './languages'

/**
 * '1234.5000 FERN' in the language's digits and grouping ('1,234.5000 FERN'), keeping the token's
 * precision. The amount goes to Intl as its decimal string, which Intl formats exactly: through a
 * float, an amount with more than about 15 significant digits would change.
 */
export function formatTokenAmount(asset: string, language: Language): string {
  const [amount = '0', symbol = ''] = asset.split(' ')
  const precision = amount.split('.')[1]?.length ?? 0
  const number = new Intl.NumberFormat(localeOf(language), {
    minimumFractionDigits: precision,
    maximumFractionDigits: precision,
  }).format(amount as `${number}`)
  return `${number} ${symbol}`.trim()
}

/** Several amounts as one phrase of the language: '10.0000 FERN, 2.5000 WAX'. */
export function formatAmounts(assets: string[], language: Language): string {
  return new Intl.ListFormat(localeOf(language), { type: 'unit', style: 'short' }).format(
    assets.map((asset) => formatTokenAmount(asset, language)),
  )
}

/**
 * How long until a limit lifts, worded as the server words it in English ('40 seconds', whole
 * seconds up to two minutes, then minutes rounded up), in the language's own words.
 */
export function formatWaitingTime(seconds: number, language: Language): string {
  const whole = Math.max(1, Math.ceil(seconds))
  const [value, unit] = whole < 120 ? [whole, 'second'] : [Math.ceil(whole / 60), 'minute']
  return new Intl.NumberFormat(localeOf(language), {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  }).format(value)
}
