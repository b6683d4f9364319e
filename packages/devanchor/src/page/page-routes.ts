import { readFileSync } from 'node:fs'
import { USER_ACCOUNTS } from '@fernwood/devchain'
import { ANTELOPE_NAME_PATTERN } from '@fernwood/protocol/names'
import type { APIClient } from '@wharfkit/antelope'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { DevAnchor } from '../dev-anchor.ts'
import { type LinkChannel, listenOnLinkChannel } from '../link-channel.ts'
import { MAX_LINK_CHARACTERS } from '../request-limits.ts'
import { AddressRateLimit } from './address-rate-limit.ts'
import { devAnchorPageHtml } from './page-html.ts'

export interface DevAnchorPageOptions {
  /** the devchain's node API */
  client: APIClient
  /**
   * The relay the page's kit uses, as the browser that sent `request` reaches it; answers are
   * posted there and nowhere else, so the page cannot be made to post to other servers.
   */
  relayUrlFor(request: FastifyRequest): string | undefined
  /**
   * How many links each client may have read or answered (/inspect and /answer together): 60 a
   * minute by default, a person's pace with room, while each reading costs up to tens of ms.
   */
  rateLimit?: { max: number; windowMs: number }
  /** Whose requests count together: the request's address by default. */
  clientAddress?(request: FastifyRequest): string
}

// Sessions approved on the page are served until the server stops; the oldest go beyond this.
const MOST_SERVED_SESSIONS = 20
const pageScript = readFileSync(new URL('./dev-anchor-page.js', import.meta.url), 'utf8')

const linkSchema = { type: 'string', minLength: 4, maxLength: MAX_LINK_CHARACTERS } as const
const inspectSchema = {
  body: {
    type: 'object',
    required: ['link'],
    additionalProperties: false,
    properties: { link: linkSchema },
  },
} as const
const answerSchema = {
  body: {
    type: 'object',
    required: ['link', 'decision'],
    additionalProperties: false,
    properties: {
      link: linkSchema,
      decision: { enum: ['approve', 'decline'] },
      account: { type: 'string', pattern: ANTELOPE_NAME_PATTERN },
    },
  },
} as const

interface AnswerBody {
  link: string
  decision: 'approve' | 'decline'
  account?: string
}

/**
 * The Dev Anchor as a page on the devchain (`/devchain/anchor`): a person pastes the kit's link,
 * or scans its QR code with the camera, and approves or declines it. The server does the answering
 * with the Dev Anchor library, and serves the link session of every login approved here.
 */
export function devAnchorPage(options: DevAnchorPageOptions): FastifyPluginAsync {
  return async (app) => {
    const served: LinkChannel[] = []
    app.addHook('onClose', async () => {
      for (const channel of served) channel.close()
    })
    const anchorFor = (request: FastifyRequest) => {
      const relay = options.relayUrlFor(request)
      return new DevAnchor({
        client: options.client,
        callbackAllowed: (url) => relay !== undefined && url.href.startsWith(`${relay}/`),
      })
    }
    const refuse = (error: unknown) => ({
      error: {
        code: 'DEV_ANCHOR_REFUSED',
        message: error instanceof Error ? error.message : String(error),
      },
    })
    const limit = new AddressRateLimit(
      options.rateLimit?.max ?? 60,
      options.rateLimit?.windowMs ?? 60_000,
    )
    const clientAddress = options.clientAddress ?? ((request: FastifyRequest) => request.ip)
    // Counted before the body is even read.
    const limitRate = async (request: FastifyRequest, reply: FastifyReply) => {
      const msLeft = limit.hit(clientAddress(request))
      if (msLeft === 0) return
      const seconds = Math.ceil(msLeft / 1000)
      return reply
        .status(429)
        .header('retry-after', String(seconds))
        .send({
          error: {
            code: 'DEV_ANCHOR_RATE_LIMITED',
            message: `Too many requests. Try again in ${seconds} seconds.`,
          },
        })
    }

    app.get('/', async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(devAnchorPageHtml(app.prefix, USER_ACCOUNTS)),
    )
    app.get('/page.js', async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(pageScript),
    )

    app.post<{ Body: { link: string } }>(
      '/inspect',
      { schema: inspectSchema, onRequest: limitRate },
      async (request, reply) => {
        try {
          return await anchorFor(request).inspect(request.body.link)
        } catch (error) {
          return reply.status(422).send(refuse(error))
        }
      },
    )

    app.post<{ Body: AnswerBody }>(
      '/answer',
      { schema: answerSchema, onRequest: limitRate },
      async (request, reply) => {
        const { link, decision, account } = request.body
        const anchor = anchorFor(request)
        try {
          if (decision === 'decline') {
            await anchor.decline(link)
            return { answered: 'declined' }
          }
          const { payload, session } = await anchor.approve(link, { account })
          if (session) {
            served.push(listenOnLinkChannel(anchor, session))
            if (served.length > MOST_SERVED_SESSIONS) served.shift()?.close()
          }
          return { answered: 'approved', signer: `${payload.sa}@${payload.sp}`, serving: !!session }
        } catch (error) {
          return reply.status(422).send(refuse(error))
        }
      },
    )
  }
}
