import type { AdminOverview } from '@fernwood/protocol/admin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sessionTokenOf } from '../auth/session-cookie.ts'
import { findSessionUser, sessionExpiry } from '../auth/sessions.ts'
import type { Environment } from '../config/environment.ts'
import type { Database } from '../db/database.ts'
import { NotSignedIn } from '../http/errors.ts'
import { type EventStream, EventStreams, eventStreamSettings } from '../http/sse.ts'
import { OperatorFeed } from './feed.ts'
import { type OperatorPolicy, verifiedOperator, watchConsoleIdle } from './operators.ts'

export interface OperatorStreamOptions {
  database: Database
  env: Environment
  operators: OperatorPolicy
  readOverview(): Promise<AdminOverview>
  /** how often a watched overview is read again without a change announcing it */
  refreshMs?: number
  /** comment lines that keep proxies from closing an idle stream */
  heartbeatMs?: number
}

/**
 * `GET /api/admin/live`, the console's live counts: the overview at once, then again after every
 * change that moves it (see OperatorFeed), as Server-Sent Events named `overview`. It ends with
 * the operator's session, at its expiry and whenever the session stops being an operator's.
 * Its requests are the browser's reconnects, not the operator's doing: they do not count as
 * console activity, and the stream ends once the operator is idle (see watchConsoleIdle).
 * Registered inside the admin routes, behind their operator check.
 */
export async function registerOperatorStream(app: FastifyInstance, options: OperatorStreamOptions) {
  const { database, env, operators, readOverview } = options
  const feed = new OperatorFeed({
    readOverview,
    refreshMs: options.refreshMs ?? 5_000,
    onError: (error) => app.log.warn({ err: error }, 'operator overview read failed'),
  })
  await feed.start(database)
  app.addHook('onClose', () => feed.stop())
  // The operators' streams follow the visitors' rules and settings, counted apart from theirs.
  const streams = new EventStreams(app, eventStreamSettings(env, options.heartbeatMs))

  app.get('/api/admin/live', { config: { consoleActivity: false } }, async (request, reply) => {
    const stream = await openOperatorStream(request, reply)
    if (!stream) return reply
    stream.onClose(watchConsoleIdle(database, operators, request, () => stream.end()))
    await stream.inTurn(async () => stream.send('overview', await readOverview()))
  })

  /**
   * An event stream for the operator's session, fed every fresh overview, ended with the session
   * (its expiry, a sign-out, the wallet no longer an operator's); undefined when the stream caps
   * refused it (answered already).
   */
  async function openOperatorStream(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<EventStream | undefined> {
    const token = sessionTokenOf(request) ?? ''
    const [user, expiresAt] = await Promise.all([
      findSessionUser(database, token),
      sessionExpiry(database, token),
    ])
    if (!user || !expiresAt) throw new NotSignedIn()
    const stream = streams.open(request, reply, {
      token,
      expiresAt,
      holds: () =>
        verifiedOperator(database, operators, request).then(
          () => true,
          () => false,
        ),
    })
    if (!stream) return undefined
    const unsubscribe = feed.subscribe({
      onOverview: (overview) => void stream.inTurn(() => stream.send('overview', overview)),
      onSessionChanged: (userId) => {
        if (userId === user.id) void stream.endUnlessSessionHolds()
      },
    })
    stream.onClose(unsubscribe)
    return stream
  }
}
