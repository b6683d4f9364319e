import { onKitSettingsChangedElsewhere, readKitSetting, writeKitSetting } from '../i18n/kit-setting'
import { createStore, useStore } from '../store'

/** The visitor's choice: the system's theme, or one of the two. */
export type ThemeChoice = 'system' | 'light' | 'dark'
/** What the page shows now. */
export type Theme = 'light' | 'dark'

export const themeChoices: readonly ThemeChoice[] = ['system', 'light', 'dark']

const prefersDark = () => window.matchMedia('(prefers-color-scheme: dark)').matches

/**
 * The choice is the wallet kit's own theme setting (light, dark, or unset for the system's), so
 * the kit's dialog and the page agree whichever of the two the visitor chose it in.
 */
function storedChoice(): ThemeChoice {
  const theme = readKitSetting('theme')
  return theme === 'light' || theme === 'dark' ? theme : 'system'
}

interface ThemeState {
  choice: ThemeChoice
  theme: Theme
}

const resolve = (choice: ThemeChoice): Theme =>
  choice === 'system' ? (prefersDark() ? 'dark' : 'light') : choice

const state = createStore<ThemeState>({ choice: 'system', theme: 'dark' })

/**
 * Shows `choice`: theme.css reads `data-theme` on the root (absent, it follows the system's
 * preference itself), and the browser's own theme colour follows the page's.
 */
function show(choice: ThemeChoice): void {
  const root = document.documentElement
  if (choice === 'system') delete root.dataset.theme
  else root.dataset.theme = choice
  const theme = resolve(choice)
  const current = state.get()
  if (current.choice !== choice || current.theme !== theme) state.set({ choice, theme })
}

/** Starts in the stored choice and follows the system's preference and other tabs' choices. */
export function startTheme(): void {
  show(storedChoice())
  window
    .matchMedia('(prefers-color-scheme: dark)')
    .addEventListener('change', () => show(state.get().choice))
  onKitSettingsChangedElsewhere(() => show(storedChoice()))
}

/** The visitor's choice on the page (the menu): stored as the kit's setting, shown at once. */
export function pickTheme(choice: ThemeChoice): void {
  writeKitSetting('theme', choice === 'system' ? undefined : choice)
  show(choice)
}

/** A choice made in the kit's own Settings > Theme, which the kit has stored already. */
export function followKitTheme(choice: ThemeChoice): void {
  show(choice)
}

export function useThemeChoice(): ThemeChoice {
  return useStore(state).choice
}

export function currentTheme(): Theme {
  return state.get().theme
}

/** Calls `listener` whenever the page's theme or the choice behind it changes. */
export function onThemeChanged(listener: () => void): () => void {
  return state.subscribe(listener)
}
