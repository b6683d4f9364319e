import type { EarnedTotal, LiveEvent } from '@fernwood/protocol'
import { findUser } from '../auth/users.ts'
import type { Queryable } from '../db/database.ts'
import type { EventNotice } from '../events/channel.ts'
import type { StoredEvent } from '../events/outbox.ts'
import {
  findHistoryEntries,
  findPendingRewards,
  sumEarnedOfEntries,
} from '../rewards/reward-lists.ts'

/** An event as the feed sends it: its `id:`, its `event:` name and its data. */
export type Delta = { id: string } & Exclude<LiveEvent, { type: 'snapshot' }>
type Content = Omit<Delta, 'id'>

/**
 * What each event is about, as it is now: one read per kind for all of them, whatever the length
 * of the visitors' lists. A reward paid since says nothing (its `paid` event does).
 */
async function readContents(
  db: Queryable,
  events: Array<Pick<StoredEvent, 'kind' | 'subject'>>,
): Promise<Map<string, Content>> {
  const subjects = (kind: StoredEvent['kind']) => [
    ...new Set(events.filter((event) => event.kind === kind).map((event) => event.subject)),
  ]
  const [rewardIds, entryIds, userIds] = [subjects('reward'), subjects('paid'), subjects('user')]
  const [rewards, entries, earned, users] = await Promise.all([
    rewardIds.length > 0 ? findPendingRewards(db, rewardIds) : [],
    entryIds.length > 0 ? findHistoryEntries(db, entryIds) : [],
    entryIds.length > 0 ? sumEarnedOfEntries(db, entryIds) : new Map<string, EarnedTotal[]>(),
    Promise.all(userIds.map((id) => findUser(db, id))),
  ])
  const contents = new Map<string, Content>()
  for (const reward of rewards) contents.set(reward.id, { type: 'reward', data: { reward } })
  for (const paid of entries) {
    const data = { ...paid, earned: earned.get(paid.entry.id) ?? [] }
    contents.set(paid.entry.id, { type: 'paid', data })
  }
  for (const user of users) if (user) contents.set(user.id, { type: 'user', data: { user } })
  return contents
}

/** The deltas a resuming stream missed, in order; only the latest event of each thing is sent. */
export async function readDeltas(db: Queryable, events: StoredEvent[]): Promise<Delta[]> {
  const latest = new Map<string, StoredEvent>()
  for (const event of events) {
    latest.delete(event.subject)
    latest.set(event.subject, event)
  }
  const contents = await readContents(db, [...latest.values()])
  return [...latest.values()].flatMap(({ id, subject }) => {
    const content = contents.get(subject)
    return content ? [{ id, ...content } as Delta] : []
  })
}

/**
 * Reads live events for every stream of this process (those that do not carry their content),
 * the events of one turn of the event loop together: under load one read serves many changes
 * and many streams, instead of one each. One read at a time: events arriving meanwhile wait for
 * the next one. Each read gives things as they are when it runs, so reads overlapping on the
 * pool could finish out of turn and a stream, sending in event order, would show a reward's
 * newer state and then its older one.
 */
export class DeltaReader {
  #batch: Array<{
    event: StoredEvent
    resolve(delta: Delta | undefined): void
    reject(error: unknown): void
  }> = []
  #reading = false

  constructor(private readonly db: Queryable) {}

  read(event: StoredEvent & Pick<EventNotice, 'reward'>): Promise<Delta | undefined> {
    // A reward's event carries the reward: nothing to read.
    if (event.reward) {
      return Promise.resolve({ id: event.id, type: 'reward', data: { reward: event.reward } })
    }
    if (!this.#reading) {
      this.#reading = true
      setImmediate(() => void this.#readInTurn())
    }
    return new Promise((resolve, reject) => this.#batch.push({ event, resolve, reject }))
  }

  async #readInTurn() {
    while (this.#batch.length > 0) {
      const batch = this.#batch
      this.#batch = []
      try {
        const contents = await readContents(
          this.db,
          batch.map(({ event }) => event),
        )
        for (const { event, resolve } of batch) {
          const content = contents.get(event.subject)
          resolve(content && ({ id: event.id, ...content } as Delta))
        }
      } catch (error) {
        for (const { reject } of batch) reject(error)
      }
    }
    this.#reading = false
  }
}
