import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  type AdminCampaign,
  KioskSessionRequestSchema,
  KioskSessionResponseSchema,
} from '@fernwood/protocol/admin'
import type { FastifyRequest } from 'fastify'
import { kioskCredentialOf, markKioskCredentialUsed } from '../campaigns/kiosk-credentials.ts'
import { campaignOverview } from '../campaigns/overview.ts'
import type { Environment } from '../config/environment.ts'
import type { Database } from '../db/database.ts'
import { configuredOrigin, ownOrigin, servedOverHttps } from '../http/own-origin.ts'
import { EventStreams, eventStreamSettings } from '../http/sse.ts'
import { KioskCredentialInvalid } from './errors.ts'
import { OperatorFeed } from './feed.ts'
import { Kiosk } from './kiosk.ts'

export const KIOSK_COOKIE = 'fernwood_kiosk'

export interface KioskRoutesOptions {
  database: Database
  env: Environment
  /** how often the open kiosks' campaigns are read again without a change announcing them */
  refreshMs?: number
  /** comment lines that keep proxies from closing an idle stream */
  heartbeatMs?: number
}

/**
 * `/api/kiosk/*`, the kiosk tablet's own routes, apart from `/api/admin`: a kiosk runs on a kiosk
 * credential (campaigns/kiosk-credentials.ts) and no session. Nothing here reads a session, and nothing
 * else reads the kiosk's cookie, so the credential opens this one stream of its one campaign and
 * an operator's session opens no kiosk. The kiosk page presents its link's secret once
 * (`POST /api/kiosk/session`); the answer keeps it in an HttpOnly cookie of its own, since an
 * EventSource sends no header of ours, and a query string would put it in every log.
 */
export const kioskRoutes: FastifyPluginAsyncTypebox<KioskRoutesOptions> = async (app, options) => {
  const { database, env } = options
  // The campaigns of the kiosks open on this server, by how many show each.
  const shown = new Map<string, number>()
  const feed = new OperatorFeed<AdminCampaign[]>({
    readOverview: () =>
      Promise.all([...shown.keys()].map((slug) => campaignOverview(database, slug))),
    refreshMs: options.refreshMs ?? 5_000,
    onError: (error) => app.log.warn({ err: error }, 'kiosk campaigns read failed'),
  })
  await feed.start(database)
  app.addHook('onClose', () => feed.stop())
  // Counted apart from the visitors' and the operators' streams, by the same settings.
  const streams = new EventStreams(app, eventStreamSettings(env, options.heartbeatMs))

  app.post(
    '/api/kiosk/session',
    { schema: { body: KioskSessionRequestSchema, response: { 200: KioskSessionResponseSchema } } },
    async (request, reply) => {
      const secret = request.body.credential
      const credential = await kioskCredentialOf(database, secret)
      if (!credential) throw new KioskCredentialInvalid()
      reply.setCookie(kioskCookieName(request, env.PUBLIC_ORIGIN), secret, {
        httpOnly: true,
        // The kiosk page is opened from its link, never from another site.
        sameSite: 'strict',
        secure: servedOverHttps(request, env.PUBLIC_ORIGIN),
        path: '/',
        expires: credential.expiresAt,
      })
      return { campaign: credential.campaign, expiresAt: credential.expiresAt.toISOString() }
    },
  )

  // The kiosk's codes (kiosk.ts), as Server-Sent Events named `kiosk`: a code is made for the
  // screen while this stream is open, replaced when the feed shows it claimed. It ends at the
  // credential's expiry, and when a revoke reaches this server: the revoke's change makes the
  // feed read again, and before each read is handed on the stream asks whether its credential
  // still holds (the feed's refresh asks again every few seconds, should a change be missed).
  app.get('/api/kiosk/live', async (request, reply) => {
    const secret = request.cookies[kioskCookieName(request, env.PUBLIC_ORIGIN)] ?? ''
    const credential = await kioskCredentialOf(database, secret)
    if (!credential) throw new KioskCredentialInvalid()
    const stream = streams.open(request, reply, {
      token: secret,
      expiresAt: credential.expiresAt,
      holds: async () => (await kioskCredentialOf(database, secret)) !== undefined,
    })
    if (!stream) return reply
    const slug = credential.campaign
    const kiosk = new Kiosk({
      database,
      actor: `kiosk:${credential.id}`,
      slug,
      origin: ownOrigin(request, env.PUBLIC_ORIGIN) ?? configuredOrigin(env),
      codeSeconds: env.KIOSK_CODE_SECONDS,
      send: (state) => void stream.inTurn(() => stream.send('kiosk', state)),
      onError: (error) => app.log.error({ err: error, campaign: slug }, 'kiosk code failed'),
    })
    shown.set(slug, (shown.get(slug) ?? 0) + 1)
    const unsubscribe = feed.subscribe({
      onOverview: (campaigns) =>
        void stream.inTurn(async () => {
          if (await stream.sessionHolds()) kiosk.update(campaigns)
          else stream.endWithSession()
        }),
    })
    stream.onClose(() => {
      unsubscribe()
      const left = (shown.get(slug) ?? 1) - 1
      if (left === 0) shown.delete(slug)
      else shown.set(slug, left)
      void kiosk.stop()
    })
    await markKioskCredentialUsed(database, credential.id)
    await kiosk.start()
  })
}

/**
 * Under HTTPS the `__Host-` name, as the session cookie's: a sibling or parent domain can neither
 * plant nor shadow it.
 */
function kioskCookieName(request: FastifyRequest, publicOrigin: string | undefined): string {
  return servedOverHttps(request, publicOrigin) ? `__Host-${KIOSK_COOKIE}` : KIOSK_COOKIE
}
