import type { LiveSnapshot } from '@fernwood/protocol'
import { findUser } from '../auth/users.ts'
import type { Database } from '../db/database.ts'
import { listPendingRewards, listRewardHistory, readConsistently } from '../rewards/repository.ts'

/** Everything the dashboard shows for one user, as of one moment; undefined once the user is gone. */
export function readSnapshot(
  database: Database,
  userId: string,
): Promise<LiveSnapshot | undefined> {
  return readConsistently(database, async (tx) => {
    const user = await findUser(tx, userId)
    if (!user) return undefined
    return {
      user,
      pending: await listPendingRewards(tx, user.waxAccount),
      history: await listRewardHistory(tx, user.waxAccount),
    }
  })
}
