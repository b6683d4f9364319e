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

/** A day as the language writes it: 'Jun 30, 2026', '2026. 6. 30.'. */
export function formatDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(new Date(iso))
}

/** A date and time in full, for where a relative one ('5 minutes ago') needs its exact moment. */
export function formatDateTime(iso: string | number, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso))
}

// Each unit, and how many seconds it holds; the largest that fits words the gap.
const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
]

/**
 * How long ago `iso` was, as of `now`, in the language's words: 'just now' under a minute, then
 * '5 minutes ago', 'yesterday', 'last week'. A moment slightly ahead (clocks differ) reads as now.
 */
export function formatRelativeTime(iso: string, now: number, language: Language): string {
  const format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' })
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000)
  for (const [unit, size] of RELATIVE_UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit)
  }
  return format.format(0, 'second')
}
