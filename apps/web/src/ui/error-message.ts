import { currentLanguage, currentTexts } from '../i18n/current'
import { describeError } from '../i18n/server-errors'

/**
 * The human part of anything thrown, for the `{message}` slot of the spec's error toasts, in the
 * language shown when the toast is raised (see i18n/server-errors.ts).
 */
export function errorMessage(error: unknown): string {
  return describeError(error, currentTexts(), currentLanguage())
}
