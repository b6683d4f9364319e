import type { Database, Unlisten } from '../db/database.ts'
import { CHANGES_CHANNEL, type Change, type EventNotice, parseChange } from './channel.ts'
import { concerns, type Interest } from './outbox.ts'

export interface Subscriber {
  /** whose changes it wants; the object may be updated later (a wallet bound) */
  interest: Interest
  /** an event of the outbox for this interest, in commit order */
  onEvent(notice: EventNotice): void
  /** one of the user's sessions ended */
  onSessionEnded(): void
}

/**
 * This process's single LISTEN on the changes channel, fanned out to the subscribers each
 * notification concerns, in the order the transactions committed.
 */
export class ChangeHub {
  readonly #subscribers = new Set<Subscriber>()
  #unlisten: Unlisten | undefined

  async start(database: Database): Promise<void> {
    this.#unlisten = await database.listen(CHANGES_CHANNEL, (payload) => {
      const change = parseChange(payload)
      if (change) this.#dispatch(change)
    })
  }

  async stop(): Promise<void> {
    const unlisten = this.#unlisten
    this.#unlisten = undefined
    // A database already closed has no subscription left to end.
    await unlisten?.().catch(() => undefined)
  }

  subscribe(subscriber: Subscriber): () => void {
    this.#subscribers.add(subscriber)
    return () => {
      this.#subscribers.delete(subscriber)
    }
  }

  #dispatch({ kind, userId, event }: Change & { event?: EventNotice }) {
    for (const subscriber of this.#subscribers) {
      if (event && concerns(subscriber.interest, event)) subscriber.onEvent(event)
      else if (kind === 'session' && userId === subscriber.interest.userId) {
        subscriber.onSessionEnded()
      }
    }
  }
}
