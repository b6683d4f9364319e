import { useEffect } from 'react'
import { useLanguage } from '../../i18n/current'
import type { Language } from '../../i18n/languages'
import { createStore, useStore } from '../../store'
import { type ConsoleTexts, consoleEn } from './en'

// Each translation is its own small chunk, fetched once the console shows in its language.
const loadTexts: Record<Exclude<Language, 'en'>, () => Promise<{ default: ConsoleTexts }>> = {
  ko: () => import('./ko'),
  zh: () => import('./zh-hans'),
  'zh-Hans': () => import('./zh-hans'),
  'zh-Hant': () => import('./zh-hant'),
  tr: () => import('./tr'),
}

const loaded = createStore<Partial<Record<Language, ConsoleTexts>>>({ en: consoleEn })

/**
 * The console's texts in the page's language (the kit's setting, as for visitors), English
 * until a translation has arrived or when it cannot.
 */
export function useConsoleTexts(): ConsoleTexts {
  const language = useLanguage()
  const texts = useStore(loaded)[language]
  useEffect(() => {
    if (language === 'en' || loaded.get()[language]) return
    loadTexts[language]().then(
      ({ default: translation }) => loaded.set({ ...loaded.get(), [language]: translation }),
      () => {
        // English stays; the next change of language asks again.
      },
    )
  }, [language])
  return texts ?? consoleEn
}
