import type { LiveSnapshot } from '@fernwood/protocol'
import { findUser } from '../auth/users.ts'
import type { Database } from '../db/database.ts'
import { latestEventId } from '../events/outbox.ts'
import {
  readConsistently,
  readHistoryPage,
  readPendingPage,
  sumEarned,
} from '../rewards/reward-lists.ts'

/**
 * Everything the dashboard shows for one user as of one moment (each list's newest page and the
 * total earned), and the newest event it reflects: the snapshot's `id:`, from which a stream can
 * resume. Undefined once the user is gone.
 */
export function readSnapshot(
  database: Database,
  userId: string,
): Promise<{ snapshot: LiveSnapshot; eventId: string | null } | undefined> {
  return readConsistently(database, async (tx) => {
    const user = await findUser(tx, userId)
    if (!user) return undefined
    return {
      snapshot: {
        user,
        ...(await readPendingPage(tx, user.waxAccount)),
        ...(await readHistoryPage(tx, user.waxAccount)),
        earned: await sumEarned(tx, user.waxAccount),
      },
      eventId: await latestEventId(tx, { userId, waxAccount: user.waxAccount }),
    }
  })
}
