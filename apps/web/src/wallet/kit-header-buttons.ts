import type { WebRenderer } from '@wharfkit/web-renderer'
import { currentTexts, onLanguageChanged } from '../i18n/current'
import type { Texts } from '../i18n/en'

/** The renderer's header buttons (HeaderButton.svelte), by the icon each is drawn with. */
const buttonNames: Record<string, (texts: Texts) => string> = {
  settings: (texts) => texts.kitSettingsButton,
  close: (texts) => texts.kitCloseButton,
  'chevron-left': (texts) => texts.kitBackButton,
}

/**
 * Names the kit's header buttons in the page's language. @wharfkit/web-renderer 1.4 takes no
 * labels for them: its only text is the icon's name in a visually hidden span, so screen readers
 * announced 'settings', 'close', 'chevron-left'. An `aria-label` takes precedence over that text;
 * the renderer draws new buttons as its screens change, so they are named again on every change
 * of the dialog's tree, and of the language.
 */
export function nameKitHeaderButtons(ui: WebRenderer): void {
  // The renderer's shadow root is closed, but the renderer holds it.
  const shadow = ui.shadow
  if (!shadow) return
  const nameButtons = () => {
    const texts = currentTexts()
    for (const button of shadow.querySelectorAll('.modal-header button')) {
      const icon = button.querySelector('.label')?.textContent?.trim() ?? ''
      const name = Object.hasOwn(buttonNames, icon) ? buttonNames[icon](texts) : undefined
      // Attributes are not observed, so naming a button does not call this again.
      if (name && button.getAttribute('aria-label') !== name)
        button.setAttribute('aria-label', name)
    }
  }
  new MutationObserver(nameButtons).observe(shadow, {
    childList: true,
    subtree: true,
    characterData: true,
  })
  onLanguageChanged(nameButtons)
  nameButtons()
}
