import type { Database, Unlisten } from '../db/database.ts'
import { CHANGES_CHANNEL, type Change, type EventNotice, parseChange } from './channel.ts'

/** A notification of the changes channel, read back: a signal, and the event it announces. */
export type ChangeNotice = Change & { event?: EventNotice }

export type StopListening = () => Promise<void>

const hubs = new WeakMap<Database, ChangeHub>()

/**
 * The hub of `database` in this process: the visitors' live streams, the operators' feed and
 * the reward worker all listen to the changes channel through it, so a process holds one
 * subscription (one LISTEN, on the one connection the driver keeps for notifications) and
 * reads each notification once, however many of them run in it.
 */
export function changeHubOf(database: Database): ChangeHub {
  let hub = hubs.get(database)
  if (!hub) {
    hub = new ChangeHub(database)
    hubs.set(database, hub)
  }
  return hub
}

export class ChangeHub {
  readonly #database: Database
  readonly #handlers = new Set<(change: ChangeNotice) => void>()
  #listening: Promise<Unlisten> | undefined

  constructor(database: Database) {
    this.#database = database
  }

  /**
   * Hands `onChange` every change any process commits, in commit order, from the moment this
   * resolves (the LISTEN holds by then) until the returned stop. The first listener starts the
   * subscription, the last to stop ends it.
   */
  async listen(onChange: (change: ChangeNotice) => void): Promise<StopListening> {
    this.#handlers.add(onChange)
    this.#listening ??= this.#database.listen(CHANGES_CHANNEL, (payload) => {
      const change = parseChange(payload)
      if (change) for (const handler of this.#handlers) handler(change)
    })
    const listening = this.#listening
    try {
      await listening
    } catch (error) {
      this.#handlers.delete(onChange)
      if (this.#listening === listening) this.#listening = undefined
      throw error
    }
    return async () => {
      if (!this.#handlers.delete(onChange) || this.#handlers.size > 0) return
      this.#listening = undefined
      // A database already closed has no subscription left to end.
      await listening.then((unlisten) => unlisten()).catch(() => undefined)
    }
  }
}
