import type { ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hashSessionToken } from '../auth/session-token.ts'
import { STREAMS_AT_CAPACITY } from '../live/errors.ts'
import { errorBody } from './errors-render.ts'
import { type StreamCapLimits, StreamCaps } from './stream-caps.ts'

// What a refused client is told to wait when the process is full; streams end all the time.
const AT_CAPACITY_RETRY_AFTER_SECONDS = 10
// What EventSource waits after a change to its session ended the stream, far less than after a
// drop: enough for the browser to have stored the cookie of the login that replaced the session,
// whose answer can reach it just after this end (back at once, it was still sent the old one, was
// refused, and the page took itself for signed out).
const SESSION_ENDED_RECONNECT_MS = 500
// setTimeout's longest wait; a session ending later is re-armed when it fires.
const LONGEST_TIMER_MS = 2_147_483_647
// Heartbeats go out in this many turns per interval, each to its share of the streams: 10,000
// written in one loop held the event loop for tens of milliseconds, and every live event behind it.
const HEARTBEAT_TURNS = 50

export interface EventStreamSettings {
  /** how many streams one session, one client address and this whole process may hold open */
  caps: StreamCapLimits
  /** comment lines that keep proxies from closing an idle stream; ~15 s in production */
  heartbeatMs: number
  /** what EventSource waits before reconnecting after the stream drops */
  reconnectMs: number
}

/** The deployment's stream caps (LIVE_STREAMS_PER_*), the same for every kind of stream. */
export interface StreamCapSettings {
  LIVE_STREAMS_PER_SESSION: number
  LIVE_STREAMS_PER_ADDRESS: number
  LIVE_STREAMS_PER_PROCESS: number
}

/**
 * One policy for every kind of stream (the visitors' feed, the operators' overview, the kiosk):
 * each counted apart, by the same caps, with a heartbeat every ~15 s and EventSource told to come
 * back after 2 s, or after half a second when a change to its session ended it.
 */
export function eventStreamSettings(
  env: StreamCapSettings,
  heartbeatMs = 15_000,
  reconnectMs = 2_000,
): EventStreamSettings {
  return {
    caps: {
      perSession: env.LIVE_STREAMS_PER_SESSION,
      perAddress: env.LIVE_STREAMS_PER_ADDRESS,
      perProcess: env.LIVE_STREAMS_PER_PROCESS,
    },
    heartbeatMs,
    reconnectMs,
  }
}

/** The signed-in session a stream is opened for: the stream lives no longer than it. */
export interface StreamSession {
  /** the session's token (its cap counts by the token's hash) */
  token: string
  /** when the session expires, read when the stream opens: the stream ends then */
  expiresAt: Date
  /**
   * Whether the session still holds and may still read this stream: false once it was signed
   * out, its token replaced at a wallet login, or (the operators') its wallet is no operator's.
   */
  holds(): Promise<boolean>
}

/**
 * One kind of Server-Sent Events stream of this process (the visitors' live feed, the operators'
 * overview): each opened within its caps, framed the same way, kept alive by heartbeats, ended
 * with its session and at shutdown. What a stream carries is its route's business.
 */
export class EventStreams {
  readonly #caps: StreamCaps
  /** the open streams, each in the heartbeat turn it was given when it opened */
  readonly #turns = Array.from({ length: HEARTBEAT_TURNS }, () => new Set<EventStream>())
  #nextTurn = 0
  readonly #settings: EventStreamSettings

  /** `app` is the plugin the streams' route belongs to: its shutdown ends them. */
  constructor(app: FastifyInstance, settings: EventStreamSettings) {
    this.#settings = settings
    this.#caps = new StreamCaps(settings.caps)
    let turn = 0
    const heartbeat = setInterval(() => {
      for (const stream of this.#turns[turn]) stream.comment('heartbeat')
      turn = (turn + 1) % HEARTBEAT_TURNS
    }, settings.heartbeatMs / HEARTBEAT_TURNS)
    heartbeat.unref()
    // Open streams never go idle, so shutdown would wait on them forever: end them first.
    app.addHook('preClose', async () => {
      clearInterval(heartbeat)
      for (const streams of this.#turns) for (const stream of streams) stream.end()
    })
  }

  /**
   * Opens a stream on `reply` for `session`. Past the session's or the address's cap it throws a
   * 429 (the error handler renders it); when the process is full it answers 503 with Retry-After
   * itself and returns undefined: the route then returns `reply`. Undefined too, answering
   * nothing, when the client has already gone.
   */
  open(
    request: FastifyRequest,
    reply: FastifyReply,
    session: StreamSession,
  ): EventStream | undefined {
    // Gone while the route awaited its checks: its 'close' has passed, so a stream opened now
    // would never hear it and keep its place under the caps, its heartbeat and its subscriber.
    if (reply.raw.closed) {
      reply.hijack()
      return undefined
    }
    const place = this.#caps.admit(
      hashSessionToken(session.token).toString('base64url'),
      request.ip,
    )
    if (!place.admitted) {
      // Rendered here: the error handler treats every 5xx as our own fault.
      reply
        .status(503)
        .header('retry-after', String(AT_CAPACITY_RETRY_AFTER_SECONDS))
        .send(errorBody(STREAMS_AT_CAPACITY.code, STREAMS_AT_CAPACITY.message))
      return undefined
    }
    reply.hijack()
    const raw = reply.raw
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx would otherwise hold events back to fill its buffer.
      'x-accel-buffering': 'no',
    })
    raw.write(`retry: ${this.#settings.reconnectMs}\n\n`)
    const stream = new EventStream(raw, session, request.log)
    const turn = this.#turns[this.#nextTurn]
    this.#nextTurn = (this.#nextTurn + 1) % HEARTBEAT_TURNS
    turn.add(stream)
    stream.onClose(() => {
      turn.delete(stream)
      place.release()
    })
    return stream
  }
}

/** One open stream: events written in the SSE framing, in turn, until it or its session ends. */
export class EventStream {
  readonly #raw: ServerResponse
  readonly #session: StreamSession
  readonly #log: FastifyBaseLogger
  #work: Promise<void> = Promise.resolve()
  #expiryTimer: NodeJS.Timeout | undefined

  constructor(raw: ServerResponse, session: StreamSession, log: FastifyBaseLogger) {
    this.#raw = raw
    this.#session = session
    this.#log = log
    this.#endAtExpiry()
    raw.on('close', () => clearTimeout(this.#expiryTimer))
  }

  get ended(): boolean {
    return this.#raw.writableEnded
  }

  /** Writes one event: its `id:` when it has one, its `event:` name and its data as JSON. */
  send(event: string, data: unknown, id?: string | null): void {
    if (this.ended) return
    this.#raw.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
  }

  /** A comment line: EventSource ignores it, proxies see traffic. */
  comment(text: string): void {
    if (!this.ended) this.#raw.write(`: ${text}\n\n`)
  }

  end(): void {
    this.#raw.end()
  }

  /**
   * Ends the stream because its session no longer holds, with EventSource told to come back soon
   * rather than after the usual pause, which is for a server that dropped its streams or is
   * restarting: the browser's cookie now names the session that replaced this one (a wallet login
   * in another tab), whose stream starts with what this one missed, or none, which is refused.
   */
  endWithSession(): void {
    if (!this.ended) this.#raw.write(`retry: ${SESSION_ENDED_RECONNECT_MS}\n\n`)
    this.end()
  }

  onClose(listener: () => void): void {
    this.#raw.on('close', listener)
  }

  /**
   * Runs `task` once every task given before it has finished, and not at all once the stream
   * has ended: what a stream sends keeps the order its changes committed in. A task that fails
   * ends the stream (EventSource reconnects and starts afresh). Resolves when `task` is done.
   */
  inTurn(task: () => Promise<void> | void): Promise<void> {
    this.#work = this.#work
      .then(() => (this.ended ? undefined : task()))
      .catch((error: unknown) => {
        this.#log.warn({ err: error }, 'event stream read failed; the client will reconnect')
        this.end()
      })
    return this.#work
  }

  /** Whether the stream's session still holds (see `StreamSession.holds`). */
  sessionHolds(): Promise<boolean> {
    return this.#session.holds()
  }

  /**
   * After a change to the user's sessions (a sign-out, a token replaced): in turn, ends the stream
   * unless its own session still holds, so nothing sent after that change reaches a stale one.
   */
  endUnlessSessionHolds(): Promise<void> {
    return this.inTurn(async () => {
      if (!(await this.#session.holds())) this.endWithSession()
    })
  }

  // With the usual pause: this timer runs on this process's clock and the session's end on the
  // database's, so a reader back soon could find the session open again, and loop.
  #endAtExpiry() {
    const wait = this.#session.expiresAt.getTime() - Date.now()
    this.#expiryTimer = setTimeout(
      () => (wait > LONGEST_TIMER_MS ? this.#endAtExpiry() : this.end()),
      Math.min(Math.max(wait, 0), LONGEST_TIMER_MS),
    )
  }
}
