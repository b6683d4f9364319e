import type { ServerResponse } from 'node:http'
import type { FastifyPluginAsync } from 'fastify'
import { requireUser, signedInUser } from '../auth/authenticate.ts'
import { sessionTokenOf } from '../auth/session-cookie.ts'
import { hashSessionToken } from '../auth/session-token.ts'
import { sessionExpiry } from '../auth/sessions.ts'
import type { Database } from '../db/database.ts'
import { ChangeHub } from '../events/hub.ts'
import { eventsAfter, type Interest, pruneEvents, type StoredEvent } from '../events/outbox.ts'
import { NotSignedIn } from '../http/errors.ts'
import { errorBody } from '../http/errors-render.ts'
import { DeltaReader, readDeltas } from './deltas.ts'
import { STREAMS_AT_CAPACITY } from './errors.ts'
import { readSnapshot } from './snapshot.ts'
import { type StreamCapLimits, StreamCaps } from './stream-caps.ts'

// What a refused client is told to wait when the process is full; streams end all the time.
const AT_CAPACITY_RETRY_AFTER_SECONDS = 10
// setTimeout's longest wait; a session ending later is re-armed when it fires.
const LONGEST_TIMER_MS = 2_147_483_647
// How often this process forgets events too old to resume from.
const PRUNE_INTERVAL_MS = 60_000
// An event id as we write them; anything else in Last-Event-ID earns a snapshot.
const EVENT_ID = /^[1-9][0-9]{0,17}$/

export interface LiveRoutesOptions {
  database: Database
  /** how many streams one session, one client address and this whole process may hold open */
  caps: StreamCapLimits
  /** comment lines that keep proxies from closing an idle stream; ~15 s in production */
  heartbeatMs?: number
  /** what EventSource waits before reconnecting after the stream drops */
  reconnectMs?: number
}

/**
 * `GET /api/live`: Server-Sent Events for the signed-in user (event shapes in
 * `@fernwood/protocol`'s `events.ts`). A `snapshot` first, then one small event per change to
 * this user's data committed by any process, each with its outbox id. A reconnecting EventSource
 * sends the last id as `Last-Event-ID` and gets only what it missed, or a snapshot when the
 * outbox no longer reaches back that far.
 */
export const liveRoutes: FastifyPluginAsync<LiveRoutesOptions> = async (
  app,
  { database, caps: capLimits, heartbeatMs = 15_000, reconnectMs = 2_000 },
) => {
  const caps = new StreamCaps(capLimits)
  const deltas = new DeltaReader(database)
  const hub = new ChangeHub()
  await hub.start(database)
  const streams = new Set<ServerResponse>()

  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.write(': heartbeat\n\n')
  }, heartbeatMs)
  heartbeat.unref()
  const pruning = setInterval(() => {
    pruneEvents(database).catch((error) => app.log.warn({ err: error }, 'live event prune failed'))
  }, PRUNE_INTERVAL_MS)
  pruning.unref()

  // Open streams never go idle, so shutdown would wait on them forever: end them first.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat)
    clearInterval(pruning)
    for (const stream of streams) stream.end()
  })
  app.addHook('onClose', () => hub.stop())

  app.get('/api/live', { preHandler: requireUser(database) }, async (request, reply) => {
    const user = signedInUser(request)
    const token = sessionTokenOf(request) ?? ''
    const expiresAt = await sessionExpiry(database, token)
    if (!expiresAt) throw new NotSignedIn()
    const place = caps.admit(hashSessionToken(token).toString('base64url'), request.ip)
    if (!place.admitted) {
      return reply
        .status(503)
        .header('retry-after', String(AT_CAPACITY_RETRY_AFTER_SECONDS))
        .send(errorBody(STREAMS_AT_CAPACITY.code, STREAMS_AT_CAPACITY.message))
    }
    const interest: Interest = { userId: user.id, waxAccount: user.waxAccount }
    const lastHeader = request.headers['last-event-id']
    const lastEventId =
      typeof lastHeader === 'string' && EVENT_ID.test(lastHeader) ? lastHeader : null
    reply.hijack()
    const stream = reply.raw
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    })
    stream.write(`retry: ${reconnectMs}\n\n`)
    streams.add(stream)

    const send = (id: string | null, type: string, data: unknown) => {
      if (stream.writableEnded) return
      stream.write(`${id ? `id: ${id}\n` : ''}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`)
    }
    // One piece of work at a time, in the order the changes committed.
    let work = Promise.resolve()
    const enqueue = (task: () => Promise<void>) => {
      work = work
        .then(() => (stream.writableEnded ? undefined : task()))
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'live feed read failed; the client will reconnect')
          stream.end()
        })
    }
    const sendSnapshot = async () => {
      // From a session's end on (signed out, or replaced at a wallet login) this stream must
      // not carry the user's data.
      const read =
        (await sessionExpiry(database, token)) && (await readSnapshot(database, interest.userId))
      if (!read) return void stream.end()
      interest.waxAccount = read.snapshot.user.waxAccount
      send(read.eventId, 'snapshot', read.snapshot)
    }
    const sendMissed = async (events: StoredEvent[]) => {
      // A changed user may have bound another wallet, whose lists are all new: a snapshot.
      if (events.some((event) => event.kind === 'user')) return sendSnapshot()
      for (const delta of await readDeltas(database, events)) send(delta.id, delta.type, delta.data)
    }

    // Subscribed before the first read, so no change can fall between it and the feed.
    const unsubscribe = hub.subscribe({
      interest,
      onEvent: (notice) => {
        // A changed user may have bound another wallet, whose lists are all new: a snapshot.
        if (notice.kind === 'user') return enqueue(sendSnapshot)
        // Read at once (with every other stream's events of this moment), sent in turn.
        const delta = deltas.read(notice)
        delta.catch(() => undefined)
        enqueue(async () => {
          const read = await delta
          if (read) send(read.id, read.type, read.data)
        })
      },
      onSessionEnded: () =>
        enqueue(async () => {
          if (!(await sessionExpiry(database, token))) stream.end()
        }),
    })
    enqueue(async () => {
      const missed = lastEventId && (await eventsAfter(database, lastEventId, interest))
      if (missed) await sendMissed(missed)
      else await sendSnapshot()
    })
    let expiryTimer: NodeJS.Timeout | undefined
    const endAtExpiry = () => {
      const wait = expiresAt.getTime() - Date.now()
      expiryTimer = setTimeout(
        () => (wait > LONGEST_TIMER_MS ? endAtExpiry() : stream.end()),
        Math.min(Math.max(wait, 0), LONGEST_TIMER_MS),
      )
    }
    endAtExpiry()
    stream.on('close', () => {
      clearTimeout(expiryTimer)
      unsubscribe()
      streams.delete(stream)
      place.release()
    })
    await work
  })
}
