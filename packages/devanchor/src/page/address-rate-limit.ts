/**
 * How many requests each client address may make in a window, counted in fixed windows in this
 * process's memory. The Dev Anchor page exists only on the devchain, whose relay, link sessions
 * and (embedded) chain live in one server process too: a devchain origin is served by one process,
 * so a count shared through a database would guard nothing more, and the page needs no database.
 */
export class AddressRateLimit {
  readonly #windows = new Map<string, { hits: number; endsAt: number }>()
  #sweepAt = 0

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Counts a request: 0 when it may go ahead, else how many ms until the address may ask again. */
  hit(address: string, now = Date.now()): number {
    // Ended windows only take room: forgetting them once a window is enough.
    if (now >= this.#sweepAt) {
      for (const [key, window] of this.#windows) {
        if (window.endsAt <= now) this.#windows.delete(key)
      }
      this.#sweepAt = now + this.windowMs
    }
    let window = this.#windows.get(address)
    if (!window || window.endsAt <= now) {
      window = { hits: 0, endsAt: now + this.windowMs }
      this.#windows.set(address, window)
    }
    window.hits += 1
    return window.hits > this.max ? window.endsAt - now : 0
  }
}
