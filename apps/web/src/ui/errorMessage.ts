/** The human part of anything thrown, for the `{message}` slot of the spec's error toasts. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
