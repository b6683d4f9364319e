import { ApiError } from '../../api/client'
import { describeAdminError } from '../shared/describe-error'
import type { ConsoleTexts } from '../texts/en'

/** A refusal of the partner operations in the console's words, else as the console words any. */
export function describePartnerError(error: unknown, texts: ConsoleTexts): string {
  const words: Record<string, string> = texts.partners.errors
  if (error instanceof ApiError && Object.hasOwn(words, error.code)) return words[error.code]
  return describeAdminError(error, texts)
}
