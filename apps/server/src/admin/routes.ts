import type { ServerResponse } from 'node:http'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  type AdminOverview,
  CampaignResponseSchema,
  CampaignsResponseSchema,
  GenerateCodesRequestSchema,
  GeneratedCodesResponseSchema,
  NewCampaignRequestSchema,
  OperatorResponseSchema,
  PayoutsResponseSchema,
} from '@fernwood/protocol/admin'
import { Type } from 'typebox'
import type { Environment } from '../config/environment.ts'
import type { Database } from '../db/database.ts'
import { configuredOrigin, ownOrigin } from '../http/own-origin.ts'
import type { PayoutChainNode } from '../payouts/chain-node.ts'
import { codeSheetDocuments } from './code-sheet.ts'
import { OperatorFeed } from './feed.ts'
import {
  campaignOverview,
  closeCampaignAs,
  consoleOperator,
  createCampaignAs,
  generateCodesAs,
  listCampaignOverview,
  payoutsOverview,
  retryPayoutAs,
} from './operations.ts'
import { operatorAccountOf, requireOperator, verifiedOperator } from './operators.ts'

export interface AdminRoutesOptions {
  database: Database
  env: Environment
  /** where the payout account's balance is read */
  chainNode: PayoutChainNode
  /** the wax accounts of ADMIN_ACCOUNTS */
  operators: ReadonlySet<string>
  /** how often a watched overview is read again without a change announcing it */
  refreshMs?: number
  /** comment lines that keep proxies from closing an idle stream */
  heartbeatMs?: number
}

// A reward processing or confirming longer than this shows as stuck (the CLI's default too).
const STUCK_MINUTES = 10

const SlugParams = Type.Object({ slug: Type.String() })

/**
 * `/api/admin/*`, the operator console's API: the CLI's operations over HTTP, granted only to a
 * session whose verified wallet is listed in ADMIN_ACCOUNTS (one preHandler for every route),
 * each change audited with the operator's account. `GET /api/admin/live` streams the overview.
 */
export const adminRoutes: FastifyPluginAsyncTypebox<AdminRoutesOptions> = async (app, options) => {
  const { database, env, chainNode, operators } = options
  app.decorateRequest('operatorAccount', null)
  app.addHook('preHandler', requireOperator(database, operators))
  const operatorOf = (request: Parameters<typeof operatorAccountOf>[0]) =>
    consoleOperator(operatorAccountOf(request))

  const readPayouts = () => payoutsOverview(database, env, chainNode, STUCK_MINUTES)
  const readOverview = async (): Promise<AdminOverview> => {
    const [campaigns, payouts] = await Promise.all([listCampaignOverview(database), readPayouts()])
    return { campaigns, payouts }
  }
  const feed = new OperatorFeed({
    readOverview,
    refreshMs: options.refreshMs ?? 5_000,
    onError: (error) => app.log.warn({ err: error }, 'operator overview read failed'),
  })
  await feed.start(database)
  const streams = new Set<ServerResponse>()
  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.write(': heartbeat\n\n')
  }, options.heartbeatMs ?? 15_000)
  heartbeat.unref()
  app.addHook('preClose', async () => {
    clearInterval(heartbeat)
    for (const stream of streams) stream.end()
  })
  app.addHook('onClose', () => feed.stop())

  app.get(
    '/api/admin/operator',
    { schema: { response: { 200: OperatorResponseSchema } } },
    async (request) => ({ account: operatorAccountOf(request) }),
  )

  app.get(
    '/api/admin/campaigns',
    { schema: { response: { 200: CampaignsResponseSchema } } },
    async () => ({ campaigns: await listCampaignOverview(database) }),
  )

  app.post(
    '/api/admin/campaigns',
    { schema: { body: NewCampaignRequestSchema, response: { 201: CampaignResponseSchema } } },
    async (request, reply) => {
      const created = await createCampaignAs(
        database,
        operatorOf(request),
        request.body,
        env.REWARD_TOKEN_CONTRACT,
      )
      return reply.status(201).send({ campaign: await campaignOverview(database, created.slug) })
    },
  )

  app.post(
    '/api/admin/campaigns/:slug/close',
    {
      schema: {
        params: SlugParams,
        body: Type.Object({}),
        response: { 200: CampaignResponseSchema },
      },
    },
    async (request) => {
      await closeCampaignAs(database, operatorOf(request), request.params.slug)
      return { campaign: await campaignOverview(database, request.params.slug) }
    },
  )

  app.post(
    '/api/admin/campaigns/:slug/codes',
    {
      schema: {
        params: SlugParams,
        body: GenerateCodesRequestSchema,
        response: { 201: GeneratedCodesResponseSchema },
      },
    },
    async (request, reply) => {
      const { campaign, codes } = await generateCodesAs(
        database,
        operatorOf(request),
        request.params.slug,
        request.body.count,
      )
      const documents = await codeSheetDocuments({
        campaign: campaign.slug,
        rewardQuantity: campaign.rewardQuantity,
        codes,
        origin: ownOrigin(request, env.PUBLIC_ORIGIN) ?? configuredOrigin(env),
      })
      return reply.status(201).send({ codes, ...documents })
    },
  )

  app.get(
    '/api/admin/payouts',
    { schema: { response: { 200: PayoutsResponseSchema } } },
    async () => readPayouts(),
  )

  app.post(
    '/api/admin/payouts/:rewardId/retry',
    {
      schema: {
        params: Type.Object({ rewardId: Type.String({ format: 'uuid' }) }),
        body: Type.Object({}),
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await retryPayoutAs(database, operatorOf(request), request.params.rewardId)
      return reply.status(204).send(null)
    },
  )

  // The console's live counts: the overview at once, then again after every change that moves
  // it (see OperatorFeed), as Server-Sent Events named `overview`.
  app.get('/api/admin/live', async (request, reply) => {
    reply.hijack()
    const stream = reply.raw
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    })
    stream.write('retry: 2000\n\n')
    streams.add(stream)
    const send = (overview: AdminOverview) => {
      if (!stream.writableEnded)
        stream.write(`event: overview\ndata: ${JSON.stringify(overview)}\n\n`)
    }
    const unsubscribe = feed.subscribe({
      onOverview: send,
      // Once this session no longer belongs to an operator, the stream carries nothing more.
      onSessionEnded: () => {
        verifiedOperator(database, operators, request).catch(() => stream.end())
      },
    })
    stream.on('close', () => {
      unsubscribe()
      streams.delete(stream)
    })
    try {
      send(await readOverview())
    } catch (error) {
      request.log.warn({ err: error }, 'operator overview read failed; the console will reconnect')
      stream.end()
    }
  })
}
