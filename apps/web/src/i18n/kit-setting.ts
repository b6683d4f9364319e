/**
 * Where the wallet kit keeps its settings: @wharfkit/web-renderer 1.4 writes `{language, theme,
 * animations}` as JSON through a BrowserLocalStorage('web.renderer'), i.e. under this key. The
 * page reads it before the kit loads (the login screen never loads the kit) and whenever another
 * tab changes it.
 */
export const KIT_SETTINGS_KEY = 'wharf-web.renderer-settings'

/** The kit's language setting as stored ('' or absent until the kit first runs). */
export function readKitLanguageSetting(): string | undefined {
  const language = readKitSetting('language')
  return typeof language === 'string' ? language : undefined
}

/**
 * Stores `language` as the kit's language setting, beside its other settings: the kit starts in
 * it on its next load, and other tabs follow at once. Storage that refuses keeps it for this page.
 */
export function writeKitLanguageSetting(language: string): void {
  writeKitSetting('language', language)
}

/** One of the kit's stored settings (`language`, `theme`), as stored; undefined when unreadable. */
export function readKitSetting(name: string): unknown {
  try {
    const stored = localStorage.getItem(KIT_SETTINGS_KEY)
    return stored ? JSON.parse(stored)?.[name] : undefined
  } catch {
    // Storage refused (privacy settings) or unreadable: the browser's preference decides.
    return undefined
  }
}

/** Stores one of the kit's settings beside the others; undefined removes it (the kit's unset). */
export function writeKitSetting(name: string, value: string | undefined): void {
  try {
    const stored = localStorage.getItem(KIT_SETTINGS_KEY)
    const settings: unknown = stored ? JSON.parse(stored) : {}
    const others = settings !== null && typeof settings === 'object' ? settings : {}
    localStorage.setItem(KIT_SETTINGS_KEY, JSON.stringify({ ...others, [name]: value }))
  } catch {
    // Privacy settings: the choice holds for this page only.
  }
}

/** Calls `onChange` whenever another tab changes the kit's settings. */
export function onKitSettingsChangedElsewhere(onChange: () => void): void {
  window.addEventListener('storage', (event) => {
    if (event.key === KIT_SETTINGS_KEY || event.key === null) onChange()
  })
}
