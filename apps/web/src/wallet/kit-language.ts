import type { PublicConfig } from '@fernwood/protocol'
import type { WebRenderer } from '@wharfkit/web-renderer'
import {
  chosenLanguage,
  currentLanguage,
  currentTexts,
  onLanguageChanged,
  showLanguage,
} from '../i18n/current'
import type { Texts } from '../i18n/en'

/** The part of the renderer's i18n instance (sveltekit-i18n, typed `any` there) we use. */
interface KitLocalization {
  setLocale(locale: string): Promise<unknown>
}

/**
 * One language for the page and the kit's dialog. The kit's Settings > Language calls its i18n
 * instance's `setLocale` with the chosen code, then stores it; it announces the change nowhere
 * the page can listen (same-tab storage writes fire no event), so the page follows that call. The
 * dialog in turn follows a language picked on the page, and gets our own words in it: its
 * subtitle ('Login to Fernwood') and the spec's wording of a mobile wallet's errors.
 */
export function shareLanguageWithKit(ui: WebRenderer, config: PublicConfig): void {
  const i18n = ui.i18n as KitLocalization
  const setKitLocale = i18n.setLocale
  // Replaced before the Settings screen first opens, which is when it takes `setLocale`.
  i18n.setLocale = (locale) => {
    void showLanguage(chosenLanguage(locale))
    return setKitLocale(locale)
  }

  const giveKitOurWords = () =>
    ui.addTranslations({ [currentLanguage()]: kitWords(currentTexts(), config) })
  giveKitOurWords()
  onLanguageChanged(() => {
    giveKitOurWords()
    // A language picked on the page (the dashboard's menu) reaches the kit here, so its next
    // dialog opens in it; for one picked in the kit, this is the locale it has already.
    void setKitLocale(currentLanguage())
  })
  // The kit has just stored its default as its setting; it is the one the page chose already,
  // unless the stored setting changed in between.
  void showLanguage(chosenLanguage())
}

/**
 * The renderer writes its subtitle from `login.title-app` with the kit's appName, which must stay
 * the Antelope name `fernwood` wallets scope their proofs to; so the product's display name goes
 * into the text itself. The kit registers a plugin's own translations only when a login names the
 * plugin in advance, never when the visitor picks it in the dialog, so Anchor's errors are given
 * from the start.
 */
function kitWords(texts: Texts, config: PublicConfig) {
  return {
    login: { 'title-app': texts.kitSubtitle(config.productName) },
    anchor: {
      error: {
        cancelled: texts.mobileWalletCancelled,
        invalid_response: texts.mobileWalletInvalidResponse,
      },
    },
  }
}
