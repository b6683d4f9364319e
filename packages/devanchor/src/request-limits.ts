/**
 * How much the Dev Anchor reads of a signing request. Reading is synchronous (the signing-request
 * library's zlib interface is), inflating included, and its cost grows with the request:
 * resolving an action against its ABI, to sign it, takes tens of microseconds. Bounded here, no
 * link can hold the event loop for long; unbounded, a 16 KB link inflated to 12 MB.
 */

/** The longest `esr:` link read: the page's link field takes as many characters. */
export const MAX_LINK_CHARACTERS = 16_384

/**
 * The most a compressed link may inflate to, so that compression cannot stretch a link beyond
 * what an uncompressed one of MAX_LINK_CHARACTERS carries (12 KiB), with room. Fernwood's own
 * requests are far smaller: a login ≈ 250 bytes, a transfer ≈ 140; 16 KiB holds ~100 transfers.
 */
export const MAX_REQUEST_BYTES = 16_384
