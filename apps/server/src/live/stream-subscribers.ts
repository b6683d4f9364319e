import type { EventNotice } from '../events/channel.ts'
import type { ChangeNotice } from '../events/hub.ts'
import type { Interest } from '../events/outbox.ts'

export interface Subscriber {
  /** whose changes it wants: its user's own, and those of the wax account it follows (`follow`) */
  interest: Interest
  /** an event of the outbox for this interest, in commit order */
  onEvent(notice: EventNotice): void
  /** one of the user's sessions ended */
  onSessionEnded(): void
}

/** A subscriber's place among the streams, for as long as it is open. */
export interface Subscription {
  /** From now on, the account's events instead of the last one's (a wallet bound or replaced). */
  follow(waxAccount: string | null): void
  unsubscribe(): void
}

/**
 * The visitors' open streams of this process, each handed only the changes that concern it: a
 * user's own events and session ends by the user's id, any other event by its wax account (none
 * without one), as `eventsAfter` reads them back. Every change is looked up rather than offered
 * to every stream: one process holds thousands of streams while changes come by the thousand a
 * second, and each concerns a handful of them.
 */
export class StreamSubscribers {
  readonly #byUser = new Map<string, Set<Subscriber>>()
  readonly #byAccount = new Map<string, Set<Subscriber>>()

  subscribe(subscriber: Subscriber): Subscription {
    const { interest } = subscriber
    // Where it is filed, kept here: the index must not depend on who else writes the interest.
    let filedUnder: string | null = interest.waxAccount
    let open = true
    enter(this.#byUser, interest.userId, subscriber)
    enter(this.#byAccount, filedUnder, subscriber)
    return {
      follow: (waxAccount) => {
        interest.waxAccount = waxAccount
        if (!open || waxAccount === filedUnder) return
        leave(this.#byAccount, filedUnder, subscriber)
        filedUnder = waxAccount
        enter(this.#byAccount, filedUnder, subscriber)
      },
      unsubscribe: () => {
        open = false
        leave(this.#byUser, interest.userId, subscriber)
        leave(this.#byAccount, filedUnder, subscriber)
      },
    }
  }

  dispatch({ kind, userId, event }: ChangeNotice): void {
    if (event) {
      const concerned =
        event.kind === 'user'
          ? among(this.#byUser, event.userId)
          : among(this.#byAccount, event.waxAccount)
      for (const subscriber of concerned) subscriber.onEvent(event)
    } else if (kind === 'session') {
      for (const subscriber of among(this.#byUser, userId ?? null)) subscriber.onSessionEnded()
    }
  }
}

function among(index: Map<string, Set<Subscriber>>, key: string | null): Iterable<Subscriber> {
  return (key === null ? undefined : index.get(key)) ?? []
}

function enter(index: Map<string, Set<Subscriber>>, key: string | null, subscriber: Subscriber) {
  if (key === null) return
  const subscribers = index.get(key)
  if (subscribers) subscribers.add(subscriber)
  else index.set(key, new Set([subscriber]))
}

function leave(index: Map<string, Set<Subscriber>>, key: string | null, subscriber: Subscriber) {
  if (key === null) return
  const subscribers = index.get(key)
  subscribers?.delete(subscriber)
  if (subscribers?.size === 0) index.delete(key)
}
