/** Antelope blocks come in 500 ms slots; block timestamps are multiples of it. */
export const BLOCK_SLOT_MS = 500

/** nodeos' time_point text: ISO 8601 with milliseconds and no zone ("2026-11-21T12:00:00.500"). */
export function formatTimePoint(ms: number): string {
  return new Date(ms).toISOString().slice(0, 23)
}

/** nodeos' time_point_sec text, as in a transaction's `expiration` ("2026-11-21T12:00:00"). */
export function formatTimePointSec(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19)
}
