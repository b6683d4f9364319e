/**
 * Where the wallet kit keeps its settings: @wharfkit/web-renderer 1.4 writes `{language, theme,
 * animations}` as JSON through a BrowserLocalStorage('web.renderer'), i.e. under this key. The
 * page reads it before the kit loads (the login screen never loads the kit) and whenever another
 * tab changes it.
 */
export const KIT_SETTINGS_KEY = 'wharf-web.renderer-settings'

/** The kit's language setting as stored ('' or absent until the kit first runs). */
export function readKitLanguageSetting(): string | undefined {
  try {
    const stored = localStorage.getItem(KIT_SETTINGS_KEY)
    const language: unknown = stored ? JSON.parse(stored)?.language : undefined
    return typeof language === 'string' ? language : undefined
  } catch {
    // Storage refused (privacy settings) or unreadable: the browser's language decides.
    return undefined
  }
}

/**
 * Stores `language` as the kit's language setting, beside its other settings: the kit starts in
 * it on its next load, and other tabs follow at once. Storage that refuses keeps it for this page.
 */
export function writeKitLanguageSetting(language: string): void {
  try {
    const stored = localStorage.getItem(KIT_SETTINGS_KEY)
    const settings: unknown = stored ? JSON.parse(stored) : {}
    const others = settings !== null && typeof settings === 'object' ? settings : {}
    localStorage.setItem(KIT_SETTINGS_KEY, JSON.stringify({ ...others, language }))
  } catch {
    // Privacy settings: the language holds for this page only.
  }
}

/** Calls `onChange` whenever another tab changes the kit's settings. */
export function onKitSettingsChangedElsewhere(onChange: () => void): void {
  window.addEventListener('storage', (event) => {
    if (event.key === KIT_SETTINGS_KEY || event.key === null) onChange()
  })
}
