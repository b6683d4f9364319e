import { CLAIM_LINK_PATH } from '@fernwood/protocol'

/**
 * A claim link's path as the router may still take it: `/c/`, however many slashes lead, the `c`
 * in either case or percent-encoded.
 */
const CLAIM_PATH = /^\/+(?:c|%[46]3)\//i

/** What a log line shows of a claim link's address: the path it is, never the code. */
export const REDACTED_CLAIM_PATH = `${CLAIM_LINK_PATH}[redacted]`

/**
 * A claim link's preview (`GET /api/claims/{code}`) as the router may take it: any letter of its
 * path percent-encoded, slashes doubled, in either case.
 */
const CLAIM_PREVIEW_PATH = /^\/+api\/+claims\//i

/** What a log line shows of a claim preview's address: the route, never the code. */
export const REDACTED_CLAIM_PREVIEW_PATH = '/api/claims/[redacted]'

/**
 * A request's URL as the log may keep it. A claim link (`/c/{code}`) carries its code, and the
 * code is all it takes to redeem it: whoever reads the log could claim a card that was opened
 * but not yet submitted. Its path is kept, the rest (the code and any query) is not.
 */
export function loggableUrl(url: string): string {
  if (CLAIM_PATH.test(url)) return REDACTED_CLAIM_PATH
  if (CLAIM_PREVIEW_PATH.test(decodedPath(url))) return REDACTED_CLAIM_PREVIEW_PATH
  return url
}

/** The URL with its percent-escapes decoded, as the router reads it; as it is if malformed. */
function decodedPath(url: string): string {
  try {
    return decodeURIComponent(url)
  } catch {
    return url
  }
}
