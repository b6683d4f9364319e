/**
 * A state as a badge: its word always, its colour only beside it (a campaign's open, scheduled,
 * ended, closed or spent; a code generation's running, done or failed).
 */
export function StateBadge({ state, label }: { state: string; label: string }) {
  return (
    <span className="console__badge" data-state={state}>
      {label}
    </span>
  )
}
