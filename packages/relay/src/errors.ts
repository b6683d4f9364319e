/**
 * The relay's error catalogue: each answer it can refuse a request with, its HTTP status and the
 * words buoy uses for it. Senders act on the status (the Anchor plugin's buoy client reads 408 as
 * 'Unable to deliver message' and 410 as 'Request cancelled'); the text is for people.
 */
export class RelayError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
    this.name = 'RelayError'
  }
}

export class InvalidChannel extends RelayError {
  constructor() {
    super(400, 'Invalid channel name: at least 10 URL-safe characters (A-Z, a-z, 0-9, _ and -)')
  }
}

export class InvalidWait extends RelayError {
  constructor(header: string) {
    super(400, `Invalid ${header}: a number of seconds`)
  }
}

export class EmptyMessage extends RelayError {
  constructor() {
    super(400, 'Unable to forward empty message')
  }
}

export class Undeliverable extends RelayError {
  constructor(waitedSeconds: number) {
    super(408, `Unable to deliver message (no listener within ${waitedSeconds} s)`)
  }
}

export class RequestCancelled extends RelayError {
  constructor(reason: string) {
    super(410, `Request cancelled (${reason})`)
  }
}

// Buoy itself sets no bounds, so it has no status for these; the plugin's buoy client reports any
// other status as 'Unexpected status code {n}', and the text says which bound it was.

export class MessageTooLarge extends RelayError {
  constructor(limitBytes: number) {
    super(413, `Message too large (at most ${limitBytes} bytes)`)
  }
}

export class ChannelBusy extends RelayError {
  constructor(limits: { senders: number; bytes: number }) {
    super(
      429,
      `Too many senders waiting on this channel (at most ${limits.senders}, ${limits.bytes} bytes)`,
    )
  }
}

export class RelayBusy extends RelayError {
  constructor() {
    super(503, 'The relay holds as many waiting senders as it can; try again shortly')
  }
}
