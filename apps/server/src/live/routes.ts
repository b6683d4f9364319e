import type { FastifyPluginAsync } from 'fastify'
import { requireUser, signedInUser } from '../auth/authenticate.ts'
import { sessionTokenOf } from '../auth/session-cookie.ts'
import { sessionExpiry } from '../auth/sessions.ts'
import type { Database } from '../db/database.ts'
import { changeHubOf } from '../events/hub.ts'
import { eventsAfter, type Interest, pruneEvents, type StoredEvent } from '../events/outbox.ts'
import { NotSignedIn } from '../http/errors.ts'
import { EventStreams } from '../http/sse.ts'
import type { StreamCapLimits } from '../http/stream-caps.ts'
import { DeltaReader, readDeltas } from './deltas.ts'
import { readSnapshot } from './snapshot.ts'
import { StreamSubscribers } from './stream-subscribers.ts'

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
  { database, caps, heartbeatMs = 15_000, reconnectMs = 2_000 },
) => {
  const streams = new EventStreams(app, { caps, heartbeatMs, reconnectMs })
  const deltas = new DeltaReader(database)
  const subscribers = new StreamSubscribers()
  const stopListening = await changeHubOf(database).listen((change) => subscribers.dispatch(change))

  const pruning = setInterval(() => {
    pruneEvents(database).catch((error) => app.log.warn({ err: error }, 'live event prune failed'))
  }, PRUNE_INTERVAL_MS)
  pruning.unref()
  app.addHook('preClose', async () => clearInterval(pruning))
  app.addHook('onClose', () => stopListening())

  app.get('/api/live', { preHandler: requireUser(database) }, async (request, reply) => {
    const user = signedInUser(request)
    const token = sessionTokenOf(request) ?? ''
    const expiresAt = await sessionExpiry(database, token)
    if (!expiresAt) throw new NotSignedIn()
    const stream = streams.open(request, reply, {
      token,
      expiresAt,
      holds: async () => (await sessionExpiry(database, token)) !== undefined,
    })
    if (!stream) return reply
    const interest: Interest = { userId: user.id, waxAccount: user.waxAccount }
    const lastHeader = request.headers['last-event-id']
    const lastEventId =
      typeof lastHeader === 'string' && EVENT_ID.test(lastHeader) ? lastHeader : null

    const sendSnapshot = async () => {
      // From a session's end on (signed out, or replaced at a wallet login) this stream must
      // not carry the user's data.
      const read = (await stream.sessionHolds()) && (await readSnapshot(database, interest.userId))
      if (!read) return stream.endWithSession()
      subscription.follow(read.snapshot.user.waxAccount)
      stream.send('snapshot', read.snapshot, read.eventId)
    }
    const sendMissed = async (events: StoredEvent[]) => {
      // A changed user may have bound another wallet, whose lists are all new: a snapshot.
      if (events.some((event) => event.kind === 'user')) return sendSnapshot()
      for (const delta of await readDeltas(database, events)) {
        stream.send(delta.type, delta.data, delta.id)
      }
    }

    // Subscribed before the first read, so no change can fall between it and the feed.
    const subscription = subscribers.subscribe({
      interest,
      onEvent: (notice) => {
        // A changed user may have bound another wallet, whose lists are all new: a snapshot.
        if (notice.kind === 'user') return void stream.inTurn(sendSnapshot)
        // Read at once (with every other stream's events of this moment), sent in turn.
        const delta = deltas.read(notice)
        delta.catch(() => undefined)
        void stream.inTurn(async () => {
          const read = await delta
          if (read) stream.send(read.type, read.data, read.id)
        })
      },
      onSessionEnded: () => void stream.endUnlessSessionHolds(),
    })
    stream.onClose(subscription.unsubscribe)
    await stream.inTurn(async () => {
      const missed = lastEventId && (await eventsAfter(database, lastEventId, interest))
      if (missed) await sendMissed(missed)
      else await sendSnapshot()
    })
  })
}
