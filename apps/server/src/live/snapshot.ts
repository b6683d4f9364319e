import type { LiveSnapshot } from '@fernwood/protocol'
import { findUser } from '../auth/users.ts'
import type { Queryable } from '../db/database.ts'
import { listPendingRewards, listRewardHistory } from '../rewards/repository.ts'

/** Everything the dashboard shows for one user, read fresh; undefined once the user is gone. */
export async function readSnapshot(
  db: Queryable,
  userId: string,
): Promise<LiveSnapshot | undefined> {
  const user = await findUser(db, userId)
  if (!user) return undefined
  const [pending, history] = await Promise.all([
    listPendingRewards(db, user.waxAccount),
    listRewardHistory(db, user.waxAccount),
  ])
  return { user, pending, history }
}
