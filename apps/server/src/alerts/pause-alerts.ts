import type { Database } from '../db/database.ts'
import type { ResourcePause } from '../payouts/resource-pause.ts'
import type { WorkerLogger } from '../worker/reward-worker.ts'
import { enqueueAlert } from './alert-events.ts'

/**
 * Alerts `payouts.paused` and `payouts.resumed` as `pause` reports them: only the process whose
 * change took effect hears one, so each is alerted once. Written just after the change commits,
 * not in its transaction (the pause announces its changes after them): a process that dies in
 * between loses that one alert, which the console and `fernwood_payouts_paused` still show.
 * Returns the unsubscribe.
 */
export function alertPauseChanges(
  pause: ResourcePause,
  database: Database,
  logger: WorkerLogger,
): () => void {
  return pause.onChange((change) => {
    const written =
      change.state === 'paused'
        ? enqueueAlert(database, 'payouts.paused', {
            resource: change.pause.resource,
            error: change.pause.error,
            since: change.pause.since.toISOString(),
          })
        : enqueueAlert(database, 'payouts.resumed', {
            resource: change.resource,
            pausedSince: change.since.toISOString(),
          })
    written.catch((error) =>
      logger.error({ err: error, event: `payouts.${change.state}` }, 'could not write the alert'),
    )
  })
}
