import { StreamsPerAddressExceeded, StreamsPerSessionExceeded } from '../live/errors.ts'

export interface StreamCapLimits {
  perSession: number
  perAddress: number
  perProcess: number
}

export type StreamAdmission =
  | { admitted: true; release(): void }
  | { admitted: false; reason: 'process' }

/**
 * Counts this process's open streams of one kind (see `EventStreams`) by session, by client
 * address and in all, so that no one client can hold the file descriptors and reads every other
 * one needs. Counted per process: behind a load balancer each instance allows its own share.
 */
export class StreamCaps {
  readonly #bySession = new Map<string, number>()
  readonly #byAddress = new Map<string, number>()
  #open = 0

  constructor(readonly limits: StreamCapLimits) {}

  /**
   * Takes a place for a new stream: refused with a 429 error past the session's or address's
   * cap, and answered `admitted: false` when the whole process is full (the caller says 503).
   */
  admit(session: string, address: string): StreamAdmission {
    if (this.#open >= this.limits.perProcess) return { admitted: false, reason: 'process' }
    if ((this.#bySession.get(session) ?? 0) >= this.limits.perSession) {
      throw new StreamsPerSessionExceeded(this.limits.perSession)
    }
    if ((this.#byAddress.get(address) ?? 0) >= this.limits.perAddress) {
      throw new StreamsPerAddressExceeded(this.limits.perAddress)
    }
    this.#open++
    increment(this.#bySession, session, 1)
    increment(this.#byAddress, address, 1)
    let released = false
    return {
      admitted: true,
      release: () => {
        if (released) return
        released = true
        this.#open--
        increment(this.#bySession, session, -1)
        increment(this.#byAddress, address, -1)
      },
    }
  }
}

function increment(counts: Map<string, number>, key: string, by: number) {
  const count = (counts.get(key) ?? 0) + by
  if (count === 0) counts.delete(key)
  else counts.set(key, count)
}
