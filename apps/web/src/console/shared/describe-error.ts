import { ApiError } from '../../api/client'
import type { ConsoleTexts } from '../texts/en'

/** A refusal of the admin API in the console's words, by its code; anything else as it came. */
export function describeAdminError(error: unknown, texts: ConsoleTexts): string {
  const words: Record<string, string> = texts.errors
  if (error instanceof ApiError && Object.hasOwn(words, error.code)) return words[error.code]
  return error instanceof Error ? error.message : String(error)
}
