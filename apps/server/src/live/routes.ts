import type { ServerResponse } from 'node:http'
import type { FastifyPluginAsync } from 'fastify'
import { requireUser, signedInUser } from '../auth/authenticate.ts'
import type { Database } from '../db/database.ts'
import { ChangeHub } from './hub.ts'
import { readSnapshot } from './snapshot.ts'

export interface LiveRoutesOptions {
  database: Database
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
  { database, heartbeatMs = 15_000, reconnectMs = 2_000 },
) => {
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
          const snapshot = await readSnapshot(database, interest.userId)
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
    stream.on('close', () => {
      unsubscribe()
      streams.delete(stream)
    })
    await sendSnapshot()
  })
}
