import { createStore, useStore } from '../store'
import { en, type Texts } from './en'
import {
  onKitSettingsChangedElsewhere,
  readKitLanguageSetting,
  writeKitLanguageSetting,
} from './kit-setting'
import { chooseLanguage, type Language, loadTexts, localeOf } from './languages'

interface Localised {
  language: Language
  texts: Texts
}

const current = createStore<Localised>({ language: 'en', texts: en })
/** The language last asked for: a slower load of an earlier choice must not overwrite it. */
let wanted: Language = 'en'

/**
 * Shows the page in `language` once its texts have arrived (the previous language stays until
 * then, so no English flashes in between). A failed load keeps the current language; the next
 * change asks again.
 */
export async function showLanguage(language: Language): Promise<void> {
  wanted = language
  if (language === current.get().language) return
  let texts = en
  if (language !== 'en') {
    try {
      texts = (await loadTexts[language]()).default
    } catch {
      return
    }
  }
  if (language !== wanted) return
  document.documentElement.lang = localeOf(language)
  current.set({ language, texts })
}

/** The language the kit's setting and the browser's languages choose right now. */
export function chosenLanguage(kitSetting = readKitLanguageSetting()): Language {
  return chooseLanguage(kitSetting, navigator.languages ?? [navigator.language])
}

/**
 * Starts in the chosen language and follows the kit's setting when another tab changes it; the
 * kit in this tab reports its changes itself (wallet/kit-language.ts). Resolves once the first
 * language's texts are in, so the first screen is painted in it.
 */
export function startLanguage(): Promise<void> {
  onKitSettingsChangedElsewhere(() => void showLanguage(chosenLanguage()))
  return showLanguage(chosenLanguage())
}

/**
 * The visitor's choice on the page itself (the dashboard's menu): the same setting as the kit's
 * Settings > Language, so the kit starts in it and other tabs follow; shown here at once.
 */
export async function pickLanguage(language: Language): Promise<void> {
  writeKitLanguageSetting(language)
  await showLanguage(language)
}

/** The texts of the current language, for a component: it re-renders when the language changes. */
export function useTexts(): Texts {
  return useStore(current).texts
}

/** The current language, for a component that formats numbers or dates for it. */
export function useLanguage(): Language {
  return useStore(current).language
}

/**
 * The texts of the current language, for modules outside React (a toast raised by a store):
 * call it when the text is shown, never keep what it returns.
 */
export function currentTexts(): Texts {
  return current.get().texts
}

export function currentLanguage(): Language {
  return current.get().language
}

/** Calls `listener` after every change of language. */
export function onLanguageChanged(listener: () => void): () => void {
  return current.subscribe(listener)
}
