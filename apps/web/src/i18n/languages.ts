import type { Texts } from './en'

/**
 * The wallet kit's languages (@wharfkit/web-renderer 1.4, its Settings > Language), by the codes
 * it stores. `zh` is the kit's plain "中文"; like the kit, which maps a bare `zh` to Simplified,
 * we show it in Simplified Chinese, the script most readers of an unqualified "Chinese" use.
 */
export const languages = ['en', 'ko', 'zh', 'zh-Hans', 'zh-Hant', 'tr'] as const
export type Language = (typeof languages)[number]

/** Each language by its own name, as the kit's Settings > Language lists it (its lang.json). */
export const languageNames: Record<Language, string> = {
  en: 'English',
  ko: '한국어',
  zh: '中文',
  'zh-Hans': '中文简体',
  'zh-Hant': '中文繁体',
  tr: 'Türkçe',
}

/** Each language but English (which the first screen carries) is its own small chunk. */
export const loadTexts: Record<Exclude<Language, 'en'>, () => Promise<{ default: Texts }>> = {
  ko: () => import('./ko'),
  zh: () => import('./zh-hans'),
  'zh-Hans': () => import('./zh-hans'),
  'zh-Hant': () => import('./zh-hant'),
  tr: () => import('./tr'),
}

/** The BCP 47 tag for `<html lang>` and `Intl`: the script named where the kit leaves it implied. */
export function localeOf(language: Language): string {
  return language === 'zh' ? 'zh-Hans' : language
}

const isLanguage = (value: string): value is Language =>
  (languages as readonly string[]).includes(value)

// The kit's own table (web-renderer's mapChineseLanguage); any other Chinese is Simplified there.
const traditionalChinese = new Set(['zh-tw', 'zh-hk', 'zh-hant'])

/**
 * The kit's language for a browser language tag, as the kit derives its default: 'ko-KR' → ko,
 * 'tr-TR' → tr, 'zh-TW' → zh-Hant, 'zh-CN' → zh-Hans; undefined for a language the kit lacks.
 * Following the kit's rule exactly (rather than a finer one of ours) keeps the page and the
 * kit's dialog in the same language: the kit stores its default as its setting when it loads.
 */
export function kitLanguageForBrowser(tag: string): Language | undefined {
  const [primary = ''] = tag.toLowerCase().split('-')
  if (primary === 'zh') return traditionalChinese.has(tag.toLowerCase()) ? 'zh-Hant' : 'zh-Hans'
  return isLanguage(primary) ? primary : undefined
}

/**
 * The language to show: the kit's setting when it names one of its languages, else the browser's
 * first language (the kit's default), else English.
 */
export function chooseLanguage(
  kitSetting: string | undefined,
  browserLanguages: readonly string[],
): Language {
  if (kitSetting && isLanguage(kitSetting)) return kitSetting
  const [first] = browserLanguages
  return (first && kitLanguageForBrowser(first)) || 'en'
}
