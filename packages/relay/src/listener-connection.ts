import type { WebSocket } from 'ws'

/**
 * Buoy's acknowledgement protocol for `?v=2` listeners: each message goes out as
 * 0x42 0x42 0x01 <seq> <payload>, and the listener answers 0x42 0x42 0x02 <seq> once it has it.
 * Version 1 listeners get the bare payload and no acknowledgement is waited for.
 */
const MARK = 0x42
const DELIVER = 0x01
const ACKNOWLEDGE = 0x02

export interface ListenerTimings {
  /** how long a v2 listener has to acknowledge a message before it is presumed gone */
  ackTimeoutMs: number
  /** a socket that answers no ping within this interval is dropped */
  heartbeatMs: number
}

/** One WebSocket listening on a channel. */
export class ListenerConnection {
  private sequence = 0
  private readonly awaitingAck = new Map<number, () => void>()
  private alive = true
  private readonly heartbeat: NodeJS.Timeout
  closed = false

  constructor(
    private readonly socket: WebSocket,
    private readonly version: number,
    private readonly timings: ListenerTimings,
    onClose: () => void,
  ) {
    socket.on('message', (data, isBinary) => this.handleMessage(data, isBinary))
    socket.on('pong', () => {
      this.alive = true
    })
    // A socket error is followed by 'close'; listening keeps it from becoming an uncaught error.
    socket.on('error', () => {})
    socket.on('close', () => {
      this.closed = true
      clearInterval(this.heartbeat)
      for (const acknowledged of this.awaitingAck.values()) acknowledged()
      this.awaitingAck.clear()
      onClose()
    })
    this.heartbeat = setInterval(() => {
      if (!this.alive) return this.drop()
      this.alive = false
      socket.ping()
    }, timings.heartbeatMs)
    this.heartbeat.unref()
  }

  /** Resolves once the listener has the message; rejects if it cannot or does not say so. */
  deliver(payload: Buffer): Promise<void> {
    if (this.closed) return Promise.reject(new Error('socket closed'))
    if (this.version < 2) {
      return new Promise((resolve, reject) => {
        this.socket.send(payload, (error) => (error ? reject(error) : resolve()))
      })
    }
    this.sequence = (this.sequence % 255) + 1
    const sequence = this.sequence
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.awaitingAck.delete(sequence)
        reject(new Error('timed out waiting for the acknowledgement'))
        this.drop()
      }, this.timings.ackTimeoutMs)
      this.awaitingAck.set(sequence, () => {
        clearTimeout(timer)
        this.awaitingAck.delete(sequence)
        if (this.closed) reject(new Error('socket closed before acknowledging'))
        else resolve()
      })
      const header = Buffer.from([MARK, MARK, DELIVER, sequence])
      this.socket.send(Buffer.concat([header, payload]), (error) => {
        if (error) this.awaitingAck.get(sequence)?.()
      })
    })
  }

  /** Ends the connection as a crashed or unreachable relay would: no closing handshake. */
  drop(): void {
    this.socket.terminate()
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason)
  }

  private handleMessage(data: unknown, isBinary: boolean): void {
    const bytes = isBinary && Buffer.isBuffer(data) ? data : undefined
    if (!bytes || bytes.length < 4 || bytes[0] !== MARK || bytes[1] !== MARK) return
    const sequence = bytes[3] as number
    if (bytes[2] === ACKNOWLEDGE) this.awaitingAck.get(sequence)?.()
    // A listener may probe the relay the same way: a bare 4-byte frame is answered in kind.
    else if (bytes[2] === DELIVER && bytes.length === 4) {
      this.socket.send(Buffer.from([MARK, MARK, ACKNOWLEDGE, sequence]))
    }
  }
}
