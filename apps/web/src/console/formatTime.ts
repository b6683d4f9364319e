import { type Language, localeOf } from '../i18n/languages'

/** A time as operators read it: their own clock, to the minute, in the page's language. */
export function formatTime(iso: string | number, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso))
}
