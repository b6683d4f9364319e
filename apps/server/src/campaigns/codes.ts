import { randomInt } from 'node:crypto'

/** Longer than any printed or QR code we issue; a bound on what a submission may carry. */
export const MAX_CODE_LENGTH = 64

// Letters and digits people do not confuse when they type a printed code.
const UNIQUE_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/**
 * A code as the catalogue stores it: trimmed and lowercase, so 'FernwoodWelcome ' matches.
 * Undefined when nothing usable is left: empty, too long, or holding control characters.
 */
export function normalizeCode(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined
  const code = raw.trim().toLowerCase()
  if (code.length === 0 || code.length > MAX_CODE_LENGTH) return undefined
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(code)) return undefined
  return code
}

/** A fresh unique code for printing, e.g. `spring-7kq2-mx9d-ht4p` for campaign `spring`. */
export function generateUniqueCode(prefix: string): string {
  const group = () =>
    Array.from(
      { length: 4 },
      () => UNIQUE_CODE_ALPHABET[randomInt(UNIQUE_CODE_ALPHABET.length)],
    ).join('')
  return `${prefix}-${group()}-${group()}-${group()}`
}

/** Splits an Antelope asset such as '10.0000 FERN' into the history's amount and token. */
export function splitQuantity(quantity: string): { amount: string; token: string } {
  const [amount, token] = quantity.split(' ')
  return { amount, token }
}
