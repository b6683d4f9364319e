import type { AdminOverview } from '@fernwood/protocol/admin'
import type { Database } from '../db/database.ts'
import { changeHubOf, type StopListening } from '../events/hub.ts'

export interface OverviewSubscriber<Overview> {
  /** a fresh overview after a change */
  onOverview(overview: Overview): void
  /**
   * One of `userId`'s sessions ended (a sign-out) or their token was replaced (a wallet login,
   * which announces their user's change): a stream of theirs checks that its session still holds.
   */
  onSessionChanged?(userId: string): void
}

export interface OperatorFeedOptions<Overview> {
  readOverview(): Promise<Overview>
  /**
   * How often the overview is read again while a console watches, beyond the changes the channel
   * announces: a reward becomes stuck by time passing, the balance moves on chain without us,
   * and a payout parked by the chain's refusal changes no reward's status.
   */
  refreshMs: number
  onError(error: unknown): void
}

/**
 * The consoles' side of the live mechanism (and the kiosks', with an overview of their own
 * campaigns): one listener of this process's change hub for them. Any claim, payout or
 * operator's change (an outbox event, a due reward, the catalogue) makes it read the overview
 * once, however many changes arrived meanwhile and however many consoles watch, and hand it to
 * each of them.
 */
export class OperatorFeed<Overview = AdminOverview> {
  readonly #subscribers = new Set<OverviewSubscriber<Overview>>()
  readonly #options: OperatorFeedOptions<Overview>
  #stopListening: StopListening | undefined
  #timer: NodeJS.Timeout | undefined
  #reading = false
  #again = false

  constructor(options: OperatorFeedOptions<Overview>) {
    this.#options = options
  }

  async start(database: Database): Promise<void> {
    this.#stopListening = await changeHubOf(database).listen((change) => {
      if (this.#subscribers.size === 0) return
      const sessionOf =
        change.kind === 'session' ? change.userId : change.event?.kind === 'user' && change.userId
      if (sessionOf) {
        for (const subscriber of this.#subscribers) subscriber.onSessionChanged?.(sessionOf)
      }
      if (change.kind !== 'session' && change.kind !== 'alert') this.refresh()
    })
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer)
    const stopListening = this.#stopListening
    this.#stopListening = undefined
    await stopListening?.()
  }

  subscribe(subscriber: OverviewSubscriber<Overview>): () => void {
    this.#subscribers.add(subscriber)
    this.#timer ??= setInterval(() => this.refresh(), this.#options.refreshMs)
    this.#timer.unref()
    return () => {
      this.#subscribers.delete(subscriber)
      if (this.#subscribers.size === 0) {
        clearInterval(this.#timer)
        this.#timer = undefined
      }
    }
  }

  /** Reads the overview for every subscriber: once now, and once more if asked meanwhile. */
  refresh(): void {
    if (this.#reading) {
      this.#again = true
      return
    }
    this.#reading = true
    this.#options
      .readOverview()
      .then(
        (overview) => {
          for (const subscriber of this.#subscribers) subscriber.onOverview(overview)
        },
        (error: unknown) => this.#options.onError(error),
      )
      .finally(() => {
        this.#reading = false
        if (this.#again) {
          this.#again = false
          this.refresh()
        }
      })
  }
}
