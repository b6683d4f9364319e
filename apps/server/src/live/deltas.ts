import type { LiveEvent } from '@fernwood/protocol'
import { findUser } from '../auth/users.ts'
import type { Queryable } from '../db/database.ts'
import type { StoredEvent } from '../events/outbox.ts'
import { findHistoryEntries, findPendingRewards } from '../rewards/repository.ts'

/** An event as the feed sends it: its `id:`, its `event:` name and its data. */
export type Delta = { id: string } & Exclude<LiveEvent, { type: 'snapshot' }>

/**
 * The deltas for `events`, in their order, each carrying the thing it is about as it is now: one
 * read per kind, whatever the length of the visitor's lists. An event whose reward has been paid
 * since says nothing (its `paid` event does); only the latest event of each thing is sent.
 */
export async function readDeltas(db: Queryable, events: StoredEvent[]): Promise<Delta[]> {
  const latest = new Map<string, StoredEvent>()
  for (const event of events) {
    latest.delete(event.subject)
    latest.set(event.subject, event)
  }
  const subjects = (kind: StoredEvent['kind']) =>
    [...latest.values()].filter((event) => event.kind === kind).map((event) => event.subject)
  const rewardIds = subjects('reward')
  const entryIds = subjects('paid')
  const userIds = subjects('user')
  const [rewards, entries, users] = await Promise.all([
    rewardIds.length > 0 ? findPendingRewards(db, rewardIds) : [],
    entryIds.length > 0 ? findHistoryEntries(db, entryIds) : [],
    Promise.all(userIds.map((id) => findUser(db, id))),
  ])
  const data = new Map<string, Delta>()
  for (const { id, kind, subject } of latest.values()) {
    if (kind === 'reward') {
      const reward = rewards.find((candidate) => candidate.id === subject)
      if (reward) data.set(subject, { id, type: 'reward', data: { reward } })
    } else if (kind === 'paid') {
      const paid = entries.find((candidate) => candidate.entry.id === subject)
      if (paid) data.set(subject, { id, type: 'paid', data: paid })
    } else {
      const user = users.find((candidate) => candidate?.id === subject)
      if (user) data.set(subject, { id, type: 'user', data: { user } })
    }
  }
  return [...data.values()]
}
