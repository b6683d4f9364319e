/**
 * How a background loop (the reward worker, the alert sender) waits between rounds: a sleep of
 * the poll interval that a signal (a notification, a finished payout) cuts short. A signal that
 * comes while the loop is busy is remembered, so the next wait returns at once and it is not lost.
 */
export class WakeSignal {
  #requested = false
  #wake: (() => void) | undefined

  /** Starts a round: signals before now are answered by it. */
  begin(): void {
    this.#requested = false
  }

  signal(): void {
    this.#requested = true
    this.#wake?.()
  }

  /** Waits `ms`, or until a signal; returns at once if one came since the round began. */
  async sleep(ms: number): Promise<void> {
    if (this.#requested) return
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      this.#wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })
    this.#wake = undefined
  }
}

/** A retry's delay after `attempts` tries: `baseMs`, doubling each time, at most `maxMs`. */
export function backoffDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs)
}
