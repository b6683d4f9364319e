/** A mistake in how the command was called: shown with the usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/** Reconciliation found the chain and the database disagreeing (each disagreement printed): exit code 1. */
export class DiscrepanciesFound extends Error {
  override name = 'DiscrepanciesFound'
}
