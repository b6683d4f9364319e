import { type Language, localeOf } from '../../i18n/languages'

/**
 * The zone of the operator's own clock, in which the console shows times and reads its date
 * inputs: its name and its offset now, e.g. 'Europe/Berlin (GMT+01:00)'.
 */
export function browserTimeZone(language: Language): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const offset = new Intl.DateTimeFormat(localeOf(language), { timeZoneName: 'longOffset' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')?.value
  return offset && offset !== zone ? `${zone} (${offset})` : zone
}
