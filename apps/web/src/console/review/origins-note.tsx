import type { FarmReport } from '@fernwood/protocol/admin'
import { useConsoleTexts } from '../texts/use-console-texts'

/**
 * How much of the claimants' origins the report knew: the creator, creation and first funder
 * clusters are only as complete as that, and the operator should know before trusting an
 * absence of clusters.
 */
export function OriginsNote({ origins }: { origins: FarmReport['origins'] }) {
  const words = useConsoleTexts().farmReport
  if (!origins) return <p className="console__note">{words.originsUnread}</p>
  return (
    <p className="console__note">
      {words.originsKnown(origins.known, origins.accounts)}
      {origins.unavailable.length > 0 &&
        ` ${words.originsUnavailable(origins.unavailable.join(', '))}`}
      {origins.deferred > 0 && ` ${words.originsDeferred(origins.deferred, origins.readLimit)}`}
    </p>
  )
}
