import { codeOfClaimPath, isClaimPath } from '@fernwood/protocol/codes'

/** What the text of a scanned or uploaded QR code means to us. */
export type QrText =
  /** a code for the box: a bare code as printed, or the code of one of our claim links */
  | { kind: 'code'; code: string }
  /** a link to our own site that is no claim link, or a claim link holding no valid code */
  | { kind: 'notClaimLink' }
  /** a link to another site: never followed, and its path is not read as a code */
  | { kind: 'otherSite'; host: string }

/**
 * Reads the text of a QR code. Web addresses are links; anything else is a bare code, as our
 * codes were printed before claim links. A link counts only on `ownOrigin` (the page's): a QR
 * code leading elsewhere may be a look-alike site's, and the visitor is told where it leads.
 */
export function readQrText(text: string, ownOrigin: string): QrText {
  const trimmed = text.trim()
  const link = webAddress(trimmed)
  if (!link) return { kind: 'code', code: trimmed }
  if (link.origin !== ownOrigin) return { kind: 'otherSite', host: link.host }
  const code = isClaimPath(link.pathname) ? codeOfClaimPath(link.pathname) : undefined
  return code ? { kind: 'code', code } : { kind: 'notClaimLink' }
}

/** `text` as an http(s) address; undefined for anything else ('moss:oak' parses as a URL too). */
function webAddress(text: string): URL | undefined {
  if (!/^https?:\/\//i.test(text)) return undefined
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}
