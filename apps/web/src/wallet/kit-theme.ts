import type { WebRenderer } from '@wharfkit/web-renderer'
import { currentTheme, followKitTheme, onThemeChanged, type Theme } from '../theme/site-theme'

/** The renderer's custom properties (@wharfkit/web-renderer 1.4, styles/variables.scss) we set. */
type KitPalette = Record<`--${string}`, string>

/** By day: the forest's parchment, the forest as the header, amber for actions. */
const light: KitPalette = {
  '--body-background-color': '#f7f2e4',
  '--body-text-color': '#10261b',
  '--body-text-color-variant': '#35533f',
  '--header-background-color': '#10261b',
  '--header-text-color': '#f3ecd9',
  '--header-button-background': '#1b3a2a',
  '--header-button-outline': '#5d8a6c',
  '--button-text-color': '#10261b',
  '--button-text-color-active': '#10261b',
  '--button-outline-active': 'inset 0 0 0 2px #2f5a3f',
  '--button-primary-background': '#f0b45a',
  '--button-primary-background-hover': '#f7c878',
  '--button-primary-background-active': '#e19f3c',
  '--button-primary-outline-hover': 'inset 0 0 0 1px #1d140560',
  '--button-secondary-background': '#e6dcc3',
  '--button-secondary-background-hover': '#ddd0b0',
  '--button-secondary-background-active': '#d2c39e',
  '--button-secondary-outline-hover': 'inset 0 0 0 1px #2f5a3f60',
  '--button-outlined-background-active': '#e6dcc3',
  '--button-outlined-outline': 'inset 0 0 0 1px #2f5a3f',
  '--button-outlined-outline-hover': 'inset 0 0 0 1px #10261b',
  '--input-placeholder-color': '#4f6b58',
  '--input-background-focus': '#fffaf0',
  '--input-border-color': '#2f5a3f80',
  '--input-border-color-hover': '#2f5a3f',
  '--input-border-color-focus': '#10261b',
  '--checkbox-stroke': '#10261b',
  '--checkbox-fill': '#f0b45a',
  '--error-color': '#a3361f',
  '--list-item-background-color-hover': '#ece2c8',
  '--list-item-text-color-hover': '#10261b',
  '--list-divider-color': '#10261b1f',
  '--text-area-background': '#efe7d2',
  '--text-area-text-color': '#10261b',
  '--loading-circle-color': '#2f5a3f',
  '--loading-circle-track-color': '#10261b14',
  '--wave-midground-color': '#2f5a3f',
  '--wave-background-color': '#1b3a2a',
}

/** By night: the product's own night forest. */
const dark: KitPalette = {
  ...light,
  '--body-background-color': '#10261b',
  '--body-text-color': '#f3ecd9',
  '--body-text-color-variant': '#c9d6c4',
  '--header-background-color': '#0b1d14',
  '--button-text-color': '#f3ecd9',
  '--button-text-color-active': '#f7c878',
  '--button-outline-active': 'inset 0 0 0 2px #f7c878',
  '--button-primary-outline-hover': 'inset 0 0 0 1px #ffffff',
  '--button-secondary-background': '#1b3a2a',
  '--button-secondary-background-hover': '#24492f',
  '--button-secondary-background-active': '#2f5a3f',
  '--button-secondary-outline-hover': 'inset 0 0 0 1px #ffffff30',
  '--button-outlined-background-active': '#1b3a2a',
  '--button-outlined-outline': 'inset 0 0 0 1px #5d8a6c',
  '--button-outlined-outline-hover': 'inset 0 0 0 1px #c9d6c4',
  '--input-placeholder-color': '#c9d6c4b0',
  '--input-background-focus': '#1b3a2a',
  '--input-border-color': '#5d8a6c',
  '--input-border-color-hover': '#c9d6c4',
  '--input-border-color-focus': '#f7c878',
  '--checkbox-stroke': '#f7c878',
  '--checkbox-fill': '#2f5a3f',
  '--error-color': '#ffb4a1',
  '--list-item-background-color-hover': '#1b3a2a',
  '--list-item-text-color-hover': '#f7c878',
  '--list-divider-color': '#ffffff1a',
  '--text-area-background': '#0b1d14',
  '--text-area-text-color': '#f3ecd9',
  '--loading-circle-color': '#f7c878',
  '--loading-circle-track-color': '#ffffff14',
  '--wave-midground-color': '#1b3a2a',
  '--wave-background-color': '#2f5a3f',
}

/**
 * `:host(#wharfkit-web-ui) … :not(#fernwood)` outranks the renderer's own selectors for its
 * dialog whatever order the sheets load in. The dialog takes the page's theme (the host's
 * `data-page-theme`, kept by `dressKitDialog`), so it is never a day panel over the night site;
 * the renderer's own choice of theme is the same setting, followed the other way. Its type is the
 * page's (the custom properties inherit into the shadow root, and the page has loaded the faces).
 */
const dialog = (theme: Theme) =>
  `:host(#wharfkit-web-ui[data-page-theme="${theme}"]) dialog:not(#fernwood)`
const anyDialog = ':host(#wharfkit-web-ui) dialog:not(#fernwood)'

const declarations = (palette: KitPalette) =>
  Object.entries(palette)
    .map(([property, value]) => `${property}: ${value};`)
    .join(' ')

const kitThemeCss = `
${anyDialog} { ${declarations(light)} font-family: var(--font-text); }
${dialog('dark')} { ${declarations(dark)} }
${anyDialog} h2 { font-family: var(--font-display); }
${anyDialog} { --button-color: #1d1405; }
${anyDialog} :is(.secondary, .outlined) { --button-color: var(--button-text-color); }
`

/**
 * Dresses the kit's dialog as Fernwood: our palette and type through the renderer's custom
 * properties (amber buttons carry dark ink in both themes, the quieter ones the body's colour),
 * in the page's theme. Its words are wallet/kit-language.ts's.
 */
export function dressKitDialog(ui: WebRenderer): void {
  // A constructed sheet rather than a <style> element; the renderer's shadow root is closed, but
  // the renderer holds it.
  const shadow = ui.shadow
  if (!shadow) return
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(kitThemeCss)
  shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet]

  const host = shadow.host as HTMLElement
  const wearPageTheme = () => {
    host.dataset.pageTheme = currentTheme()
  }
  wearPageTheme()
  onThemeChanged(wearPageTheme)
  followKitThemeSetting(shadow)
}

/**
 * The kit's Settings > Theme stores the same setting the page's menu does, and shows it as its
 * dialog's `data-theme` (absent for Automatic); the page follows it from there, as it follows
 * the kit's language.
 */
function followKitThemeSetting(shadow: ShadowRoot): void {
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (!(change.target instanceof HTMLDialogElement)) continue
      const theme = change.target.dataset.theme
      followKitTheme(theme === 'light' || theme === 'dark' ? theme : 'system')
    }
  }).observe(shadow, { subtree: true, attributes: true, attributeFilter: ['data-theme'] })
}
