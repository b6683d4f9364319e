import type { ServerResponse } from 'node:http'
import type { FastifyPluginAsync } from 'fastify'
import { requireUser, signedInUser } from '../auth/authenticate.ts'
import { SESSION_COOKIE } from '../auth/session-cookie.ts'
import { hashSessionToken } from '../auth/session-token.ts'
import { sessionExpiry } from '../auth/sessions.ts'
import type { Database } from '../db/database.ts'
import { NotSignedIn } from '../http/errors.ts'
import { errorBody } from '../http/errors-render.ts'
import { STREAMS_AT_CAPACITY } from './errors.ts'
import { ChangeHub } from './hub.ts'
import { readSnapshot } from './snapshot.ts'
import { type StreamCapLimits, StreamCaps } from './stream-caps.ts'

// What a refused client is told to wait when the process is full; streams end all the time.
const AT_CAPACITY_RETRY_AFTER_SECONDS = 10
// setTimeout's longest wait; a session ending later is re-armed when it fires.
const LONGEST_TIMER_MS = 2_147_483_647

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
 * `GET /api/live`: Server-Sent Events for the signed-in user. A `snapshot` event first
 * (`{user, pending, history}`), then a fresh `snapshot` after every change to this user's data
 * committed by any process. A reconnecting EventSource simply starts over with a snapshot.
 */
export const liveRoutes: FastifyPluginAsync<LiveRoutesOptions> = async (
  app,
  { database, caps: capLimits, heartbeatMs = 15_000, reconnectMs = 2_000 },
) => {
  const caps = new StreamCaps(capLimits)
  const hub = new ChangeHub()
  await hub.start(database)
  const streams = new Set<ServerResponse>()

  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.write(': heartbeat\n\n')
  }, heartbeatMs)
  heartbeat.unref()

  // Open streams never go idle, so shutdown would wait on them forever: end them first.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat)
    for (const stream of streams) stream.end()
  })
  app.addHook('onClose', () => hub.stop())

  app.get('/api/live', { preHandler: requireUser(database) }, async (request, reply) => {
    const user = signedInUser(request)
    const token = request.cookies[SESSION_COOKIE] ?? ''
    const expiresAt = await sessionExpiry(database, token)
    if (!expiresAt) throw new NotSignedIn()
    const place = caps.admit(hashSessionToken(token).toString('base64url'), request.ip)
    if (!place.admitted) {
      return reply
        .status(503)
        .header('retry-after', String(AT_CAPACITY_RETRY_AFTER_SECONDS))
        .send(errorBody(STREAMS_AT_CAPACITY.code, STREAMS_AT_CAPACITY.message))
    }
    const interest = { userId: user.id, waxAccount: user.waxAccount }
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

    // One read at a time; changes arriving meanwhile are folded into one more read after it.
    let reading = false
    let readAgain = false
    const sendSnapshot = async () => {
      if (reading) {
        readAgain = true
        return
      }
      reading = true
      try {
        do {
          readAgain = false
          // A change to the user may be their session ending (signed out, or replaced at a
          // wallet login): from then on this stream must not carry their data.
          const snapshot =
            (await sessionExpiry(database, token)) &&
            (await readSnapshot(database, interest.userId))
          if (!snapshot) {
            stream.end()
            return
          }
          interest.waxAccount = snapshot.user.waxAccount
          if (!stream.writableEnded) {
            stream.write(`event: snapshot\ndata: ${JSON.stringify(snapshot)}\n\n`)
          }
        } while (readAgain && !stream.writableEnded)
      } catch (error) {
        request.log.warn({ err: error }, 'live snapshot failed; the client will reconnect')
        stream.end()
      } finally {
        reading = false
      }
    }

    // Subscribed before the first read, so no change can fall between the snapshot and the feed.
    const unsubscribe = hub.subscribe(interest, () => void sendSnapshot())
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
    await sendSnapshot()
  })
}
