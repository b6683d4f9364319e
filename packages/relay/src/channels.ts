import { RequestCancelled, Undeliverable } from './errors.ts'
import type { ListenerConnection } from './listener-connection.ts'
import { BUFFERED_MESSAGE_COST_BYTES, CHANNEL_COST_BYTES } from './memory-costs.ts'
import { type WaitingLimits, WaitingSenders } from './waiting-senders.ts'

/** How a POST was answered: straight to a listener, or kept for the next one to connect. */
export type Delivery = 'delivered' | 'buffered'

export interface ChannelLimits {
  /** an undelivered message is forgotten after this long */
  messageTtlMs: number
  /**
   * what all undelivered messages cost together stays under this many bytes, the oldest going
   * first: their payloads, and what their records and the channels holding them cost the heap
   */
  maxBufferedBytes: number
  /** the senders held open while their message waits for a listener */
  waiting: WaitingLimits
}

export interface SendOptions {
  /** seconds to wait for a listener when none is connected */
  waitSeconds: number
  /** X-Buoy-Wait: fail (408) rather than keep the message when no listener took it in time */
  requireDelivery: boolean
  /** aborted when the sender goes away or the relay closes */
  signal: AbortSignal
}

interface BufferedMessage {
  payload: Buffer
  expiresAt: number
}

interface Channel {
  listeners: Set<ListenerConnection>
  buffered: BufferedMessage[]
  /** senders waiting for a listener to connect */
  waiting: Set<() => void>
}

/**
 * The relay's memory: which listeners each channel has, the messages no listener took yet, and
 * the senders waiting for one. A channel exists only while it holds one of those.
 */
export class ChannelRegistry {
  private readonly channels = new Map<string, Channel>()
  /** what the buffered messages cost, as the cap counts it (see `keepIn`) */
  private bufferedBytes = 0
  private readonly waitingSenders: WaitingSenders

  constructor(private readonly limits: ChannelLimits) {
    this.waitingSenders = new WaitingSenders(limits.waiting)
  }

  /** Adds a listener and hands it, exactly once, whatever was posted before it connected. */
  async subscribe(name: string, listener: ListenerConnection): Promise<void> {
    const channel = this.channel(name)
    channel.listeners.add(listener)
    for (const wake of channel.waiting) wake()
    const now = Date.now()
    while (channel.buffered.length > 0 && !listener.closed) {
      const message = this.takeOldest(channel)
      if (message.expiresAt <= now) continue
      try {
        await listener.deliver(message.payload)
      } catch {
        // The listener left before taking it: the next one gets it.
        this.keep(name, message)
        break
      }
    }
  }

  unsubscribe(name: string, listener: ListenerConnection): void {
    const channel = this.channels.get(name)
    if (!channel) return
    channel.listeners.delete(listener)
    this.dropIfIdle(name, channel)
  }

  /**
   * Delivers to the channel's listeners, waiting for one if asked to, else keeps the message. A
   * sender held open meanwhile counts against the waiting limits, and is refused when over them.
   */
  async send(name: string, payload: Buffer, options: SendOptions): Promise<Delivery> {
    const listening = (this.channels.get(name)?.listeners.size ?? 0) > 0
    // A message for nobody, with no wait asked for, is kept at once: no sender is held.
    const release =
      listening || options.waitSeconds > 0
        ? this.waitingSenders.admit(name, payload.length)
        : () => {}
    try {
      return await this.deliverOrKeep(name, payload, options)
    } finally {
      release()
    }
  }

  private async deliverOrKeep(
    name: string,
    payload: Buffer,
    options: SendOptions,
  ): Promise<Delivery> {
    const deadline = Date.now() + options.waitSeconds * 1000
    for (;;) {
      if (options.signal.aborted) throw new RequestCancelled(String(options.signal.reason))
      const listeners = [...(this.channels.get(name)?.listeners ?? [])]
      if (listeners.length > 0) {
        const results = await Promise.allSettled(listeners.map((each) => each.deliver(payload)))
        if (results.some(({ status }) => status === 'fulfilled')) return 'delivered'
      }
      const remainingMs = deadline - Date.now()
      if (remainingMs <= 0) break
      await this.waitForListener(name, remainingMs, options.signal)
    }
    if (options.signal.aborted) throw new RequestCancelled(String(options.signal.reason))
    if (options.requireDelivery) throw new Undeliverable(options.waitSeconds)
    this.keep(name, { payload, expiresAt: Date.now() + this.limits.messageTtlMs })
    return 'buffered'
  }

  /** Forgets expired messages and the channels left with nothing in them. */
  sweep(now = Date.now()): void {
    for (const [name, channel] of this.channels) {
      const live = channel.buffered.filter((message) => message.expiresAt > now)
      for (const message of channel.buffered) {
        if (message.expiresAt <= now) this.bufferedBytes -= costOf(message)
      }
      if (live.length === 0 && channel.buffered.length > 0) this.bufferedBytes -= CHANNEL_COST_BYTES
      channel.buffered = live
      this.dropIfIdle(name, channel)
    }
  }

  /**
   * What the relay holds now, for tests and benchmarks to watch memory stay bounded: the bytes are
   * what the bounds count, the heap's overheads included.
   */
  stats(): {
    channels: number
    bufferedMessages: number
    bufferedBytes: number
    waitingSenders: number
    waitingBytes: number
  } {
    let bufferedMessages = 0
    for (const channel of this.channels.values()) bufferedMessages += channel.buffered.length
    return {
      channels: this.channels.size,
      bufferedMessages,
      bufferedBytes: this.bufferedBytes,
      ...this.waitingSenders.stats(),
    }
  }

  private keep(name: string, message: BufferedMessage): void {
    this.keepIn(this.channel(name), message)
    this.evictOldestBeyondLimit()
  }

  /**
   * Buffers a message, charging its cost, and its channel's with the channel's first message:
   * buffered messages keep their channel alive, so they pay for it. Channels kept by listeners or
   * waiting senders are paid for by those (their sockets; the waiting limits).
   */
  private keepIn(channel: Channel, message: BufferedMessage): void {
    channel.buffered.push(message)
    this.bufferedBytes += costOf(message)
    if (channel.buffered.length === 1) this.bufferedBytes += CHANNEL_COST_BYTES
  }

  private takeOldest(channel: Channel): BufferedMessage {
    const message = channel.buffered.shift() as BufferedMessage
    this.bufferedBytes -= costOf(message)
    if (channel.buffered.length === 0) this.bufferedBytes -= CHANNEL_COST_BYTES
    return message
  }

  private evictOldestBeyondLimit(): void {
    while (this.bufferedBytes > this.limits.maxBufferedBytes) {
      let oldest: { name: string; channel: Channel } | undefined
      for (const [name, channel] of this.channels) {
        const first = channel.buffered[0]
        if (first && (!oldest || first.expiresAt < (oldest.channel.buffered[0]?.expiresAt ?? 0))) {
          oldest = { name, channel }
        }
      }
      if (!oldest) return
      this.takeOldest(oldest.channel)
      this.dropIfIdle(oldest.name, oldest.channel)
    }
  }

  private waitForListener(name: string, timeoutMs: number, signal: AbortSignal): Promise<void> {
    const channel = this.channel(name)
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        signal.removeEventListener('abort', done)
        channel.waiting.delete(done)
        this.dropIfIdle(name, channel)
        resolve()
      }
      const timer = setTimeout(done, timeoutMs)
      signal.addEventListener('abort', done)
      channel.waiting.add(done)
    })
  }

  private channel(name: string): Channel {
    let channel = this.channels.get(name)
    if (!channel) {
      channel = { listeners: new Set(), buffered: [], waiting: new Set() }
      this.channels.set(name, channel)
    }
    return channel
  }

  private dropIfIdle(name: string, channel: Channel): void {
    const idle =
      channel.listeners.size === 0 && channel.buffered.length === 0 && channel.waiting.size === 0
    if (idle && this.channels.get(name) === channel) this.channels.delete(name)
  }
}

/** What a buffered message costs the heap: its payload, and its record and Buffer object. */
function costOf(message: BufferedMessage): number {
  return message.payload.length + BUFFERED_MESSAGE_COST_BYTES
}
