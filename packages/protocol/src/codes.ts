/** Longer than any printed or QR code we issue; a bound on what a submission may carry. */
const MAX_CODE_LENGTH = 64

/**
 * A code as the catalogue stores it: trimmed and lowercase, so 'FernwoodWelcome ' matches.
 * Undefined when nothing usable is left: empty, too long, or holding control characters. The
 * browser applies it to spare a request that cannot succeed; the server applies it again.
 */
export function normalizeCode(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined
  const code = raw.trim().toLowerCase()
  if (code.length === 0 || code.length > MAX_CODE_LENGTH) return undefined
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(code)) return undefined
  return code
}
