import type { EventNotice } from '../events/channel.ts'
import type { ChangeNotice } from '../events/hub.ts'
import { concerns, type Interest } from '../events/outbox.ts'

export interface Subscriber {
  /** whose changes it wants; the object may be updated later (a wallet bound) */
  interest: Interest
  /** an event of the outbox for this interest, in commit order */
  onEvent(notice: EventNotice): void
  /** one of the user's sessions ended */
  onSessionEnded(): void
}

/** The visitors' open streams of this process, each handed only the changes that concern it. */
export class StreamSubscribers {
  readonly #subscribers = new Set<Subscriber>()

  subscribe(subscriber: Subscriber): () => void {
    this.#subscribers.add(subscriber)
    return () => {
      this.#subscribers.delete(subscriber)
    }
  }

  dispatch({ kind, userId, event }: ChangeNotice): void {
    for (const subscriber of this.#subscribers) {
      if (event && concerns(subscriber.interest, event)) subscriber.onEvent(event)
      else if (kind === 'session' && userId === subscriber.interest.userId) {
        subscriber.onSessionEnded()
      }
    }
  }
}
