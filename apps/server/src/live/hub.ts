import type { Database, Unlisten } from '../db/database.ts'
import { CHANGES_CHANNEL, type Change, parseChange } from './publisher.ts'

/** Whose changes a subscriber wants: its user, and the wax account that user has now. */
export interface Interest {
  userId: string
  waxAccount: string | null
}

interface Subscriber {
  interest: Interest
  onChange(change: Change): void
}

/**
 * This process's single LISTEN on the changes channel, fanned out to its subscribers whose user
 * or wax account a notification names. Notifications carry no data, so a subscriber can only
 * ever learn to re-read its own.
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

  /** Calls `onChange` for every change to `interest`; the interest object may be updated later. */
  subscribe(interest: Interest, onChange: (change: Change) => void): () => void {
    const subscriber = { interest, onChange }
    this.#subscribers.add(subscriber)
    return () => {
      this.#subscribers.delete(subscriber)
    }
  }

  #dispatch(change: Change) {
    for (const { interest, onChange } of this.#subscribers) {
      const concernsUser = change.userId != null && change.userId === interest.userId
      const concernsAccount = change.waxAccount != null && change.waxAccount === interest.waxAccount
      if (concernsUser || concernsAccount) onChange(change)
    }
  }
}
