/** Longer than any printed or QR code we issue; a bound on what a submission may carry. */
const MAX_CODE_LENGTH = 64

/**
 * Control characters (C0, DEL, C1), format characters (the bidirectional overrides and isolates
 * such as U+202E, zero-width characters, the byte-order mark) and line or paragraph separators.
 * None belongs in a code, and a bidi override would make a stored code read differently from
 * what it is wherever it is shown.
 */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u

/**
 * A code as the catalogue stores it: NFKC-normalised, trimmed and lowercase, so 'FernwoodWelcome '
 * matches, and so does a full-width 'ＭＯＳＳＹ－ＯＡＫ' typed on a phone's keyboard. Undefined when
 * nothing usable is left: empty, too long, or holding control or bidi characters. The browser
 * applies it to spare a request that cannot succeed; the server applies it again.
 */
export function normalizeCode(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined
  // NFKC first: it folds full-width letters and compatibility spaces into the ones trim and
  // lowercase know.
  const code = raw.normalize('NFKC').trim().toLowerCase()
  if (code.length === 0 || code.length > MAX_CODE_LENGTH) return undefined
  if (INVISIBLE_OR_CONTROL.test(code)) return undefined
  return code
}

/** A claim link is `{origin}/c/{code}`: it opens the site with the code waiting in its box. */
export const CLAIM_LINK_PATH = '/c/'

/** The claim link of `code` on the site at `origin`, as printed on cards and in their QR codes. */
export function claimLink(origin: string, code: string): string {
  return `${origin}${CLAIM_LINK_PATH}${encodeURIComponent(code)}`
}

/** Whether `pathname` is a claim link's: `/c/` and one path segment, the code. */
export function isClaimPath(pathname: string): boolean {
  return /^\/c\/[^/]+$/.test(pathname)
}

/** The normalised code a claim link's path holds; undefined when it is no claim path or holds no valid code. */
export function codeOfClaimPath(pathname: string): string | undefined {
  if (!isClaimPath(pathname)) return undefined
  try {
    return normalizeCode(decodeURIComponent(pathname.slice(CLAIM_LINK_PATH.length)))
  } catch {
    return undefined // a malformed percent-escape
  }
}

/** A kiosk tablet's page, opened with a kiosk link; no operator signs in there. */
export const KIOSK_PAGE_PATH = '/kiosk'

/**
 * A kiosk link: the kiosk's page with a kiosk credential's secret as its fragment, which a
 * browser sends to no server, in no Referer: the page hands it over itself
 * (`POST /api/kiosk/session`).
 */
export function kioskLink(origin: string, secret: string): string {
  return `${origin}${KIOSK_PAGE_PATH}#${secret}`
}
