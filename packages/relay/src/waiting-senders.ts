import { ChannelBusy, RelayBusy } from './errors.ts'
import { WAITING_SENDER_COST_BYTES } from './memory-costs.ts'

export interface WaitingLimits {
  /** senders held at once, all channels together */
  maxSenders: number
  /** what they may cost together: their messages, and WAITING_SENDER_COST_BYTES each */
  maxBytes: number
  /** senders held at once on one channel */
  maxSendersPerChannel: number
  /** what those may cost together */
  maxBytesPerChannel: number
}

interface Held {
  senders: number
  bytes: number
}

/**
 * The senders whose POST the relay holds open with its message, waiting for a listener to connect
 * or to acknowledge: counted per channel and in all, by number and by cost, so that waiting POSTs
 * cannot make the relay hold more than the limits say however many arrive at once.
 */
export class WaitingSenders {
  private readonly channels = new Map<string, Held>()
  private readonly total: Held = { senders: 0, bytes: 0 }

  constructor(private readonly limits: WaitingLimits) {}

  /**
   * Takes a sender in, or refuses it: 429 when its channel is full, 503 when the relay is. The
   * answer releases it; releasing twice is harmless.
   */
  admit(channel: string, messageBytes: number): () => void {
    const cost = messageBytes + WAITING_SENDER_COST_BYTES
    const held = this.channels.get(channel) ?? { senders: 0, bytes: 0 }
    const { maxSendersPerChannel, maxBytesPerChannel } = this.limits
    if (held.senders >= maxSendersPerChannel || held.bytes + cost > maxBytesPerChannel) {
      throw new ChannelBusy({ senders: maxSendersPerChannel, bytes: maxBytesPerChannel })
    }
    if (
      this.total.senders >= this.limits.maxSenders ||
      this.total.bytes + cost > this.limits.maxBytes
    ) {
      throw new RelayBusy()
    }
    this.channels.set(channel, held)
    for (const count of [held, this.total]) {
      count.senders += 1
      count.bytes += cost
    }
    let released = false
    return () => {
      if (released) return
      released = true
      for (const count of [held, this.total]) {
        count.senders -= 1
        count.bytes -= cost
      }
      if (held.senders === 0) this.channels.delete(channel)
    }
  }

  stats(): { waitingSenders: number; waitingBytes: number } {
    return { waitingSenders: this.total.senders, waitingBytes: this.total.bytes }
  }
}
