import { ApiError } from '../api/client'
import type { Texts } from './en'
import { formatWaitingTime } from './format'
import type { Language } from './languages'

type ServerErrorCode = keyof Texts['serverErrors']

const isKnownCode = (texts: Texts, code: string): code is ServerErrorCode =>
  Object.hasOwn(texts.serverErrors, code)

/**
 * The human part of anything thrown, for the `{message}` slot of the error toasts: a refusal of
 * our server in the language's own words, by its stable code; the server's message only for a
 * code this app does not know yet; anything else (a wallet's failure) as it was worded.
 */
export function describeError(error: unknown, texts: Texts, language: Language): string {
  if (error instanceof ApiError && isKnownCode(texts, error.code)) {
    const text = texts.serverErrors[error.code]
    if (typeof text === 'string') return text
    const wait =
      error.retryAfterSeconds === undefined
        ? undefined
        : formatWaitingTime(error.retryAfterSeconds, language)
    return text(wait)
  }
  return error instanceof Error ? error.message : String(error)
}
