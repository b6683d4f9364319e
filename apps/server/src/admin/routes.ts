import { Readable } from 'node:stream'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  type AdminOverview,
  CampaignEditRequestSchema,
  CampaignResponseSchema,
  CampaignsResponseSchema,
  CodeGenerationResponseSchema,
  CodeGenerationsResponseSchema,
  GenerateCodesRequestSchema,
  IssuedKioskCredentialResponseSchema,
  IssueKioskCredentialRequestSchema,
  KioskCredentialsResponseSchema,
  NewCampaignRequestSchema,
  NftTemplatePreviewSchema,
  NftTemplateQuerySchema,
  OperatorResponseSchema,
  PayoutsResponseSchema,
} from '@fernwood/protocol/admin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { sessionTokenOf } from '../auth/session-cookie.ts'
import { findSessionUser, sessionExpiry } from '../auth/sessions.ts'
import type { Environment } from '../config/environment.ts'
import type { Database } from '../db/database.ts'
import { NotSignedIn } from '../http/errors.ts'
import { configuredOrigin, ownOrigin } from '../http/own-origin.ts'
import { type EventStream, EventStreams, eventStreamSettings } from '../http/sse.ts'
import type { PayoutChainNode } from '../payouts/chain-node.ts'
import { payoutAccountFrom } from '../payouts/settings.ts'
import { editCampaignAs } from './campaign-edits.ts'
import { campaignClaimsCsv } from './claims-export.ts'
import {
  codesOfGeneration,
  findGeneration,
  listGenerations,
  type StoredGeneration,
  startGeneration,
} from './code-generations.ts'
import { type CodeBatch, codesCsv, printableSheet } from './code-sheet.ts'
import { AdminGenerationRunning } from './errors.ts'
import { OperatorFeed } from './feed.ts'
import { CodeGenerationRunner } from './generation-runner.ts'
import {
  issueKioskCredential,
  listKioskCredentials,
  revokeKioskCredential,
} from './kiosk-credentials.ts'
import { nftOfDraft, previewTemplate } from './nft-campaigns.ts'
import { nftStockReader } from './nft-supply.ts'
import {
  campaignOverview,
  closeCampaignAs,
  consoleOperator,
  createCampaignAs,
  listCampaignOverview,
  payoutsOverview,
  reopenCampaignAs,
  retryPayoutAs,
} from './operations.ts'
import {
  type OperatorPolicy,
  operatorAccountOf,
  requireOperator,
  verifiedOperator,
  watchConsoleIdle,
} from './operators.ts'

/** How long the overview reuses the chain's answer about an NFT campaign's supply or pool. */
const NFT_STOCK_KEEP_MS = 2_000

export interface AdminRoutesOptions {
  database: Database
  env: Environment
  /** where the payout account's balance is read */
  chainNode: PayoutChainNode
  /** who may use the console: ADMIN_ACCOUNTS, WALLET_PERMISSIONS, ADMIN_IDLE_MINUTES */
  operators: OperatorPolicy
  /** how often a watched overview is read again without a change announcing it */
  refreshMs?: number
  /** comment lines that keep proxies from closing an idle stream */
  heartbeatMs?: number
  /** how often this server looks for code generations whose process died, to resume them */
  resumeGenerationsEveryMs?: number
}

// A reward processing or confirming longer than this shows as stuck (the CLI's default too).
const STUCK_MINUTES = 10

// Codes read per query by a download, and rendered per chunk of the sheet.
const DOWNLOAD_PAGE_SIZE = 200

const SlugParams = Type.Object({ slug: Type.String() })
const GenerationParams = Type.Object({ id: Type.String({ format: 'uuid' }) })
/** A download's body: text as the document describes it, a stream as the route sends it. */
const streamedText = (mediaType: string, description: string) => ({
  content: { [mediaType]: { schema: Type.Unsafe<Readable>({ type: 'string' }) } },
  description,
})

/**
 * `/api/admin/*`, the operator console's API: the CLI's operations over HTTP, granted only to a
 * session whose verified wallet is listed in ADMIN_ACCOUNTS, each change audited with the
 * operator's account. The operator is checked first, on request, before a body is parsed or
 * validated: no one else learns anything from these routes, not even what a body should hold.
 * `GET /api/admin/live` streams the overview; code generations are jobs the console follows.
 */
export const adminRoutes: FastifyPluginAsyncTypebox<AdminRoutesOptions> = async (app, options) => {
  const { database, env, chainNode, operators } = options
  app.decorateRequest('operatorAccount', null)
  app.addHook('onRequest', requireOperator(database, operators))
  const operatorOf = (request: Parameters<typeof operatorAccountOf>[0]) =>
    consoleOperator(operatorAccountOf(request))

  const readPayouts = () => payoutsOverview(database, env, chainNode, STUCK_MINUTES)
  const payoutAccount = payoutAccountFrom(env).account
  const withNftStock = nftStockReader({
    db: database,
    node: chainNode,
    payoutAccount,
    keepMs: NFT_STOCK_KEEP_MS,
  })
  const readCampaigns = async () => withNftStock(await listCampaignOverview(database))
  const readOverview = async (): Promise<AdminOverview> => {
    const [campaigns, payouts, generations, kioskCredentials] = await Promise.all([
      readCampaigns(),
      readPayouts(),
      listGenerations(database),
      listKioskCredentials(database),
    ])
    return { campaigns, payouts, generations, kioskCredentials }
  }
  const feed = new OperatorFeed({
    readOverview,
    refreshMs: options.refreshMs ?? 5_000,
    onError: (error) => app.log.warn({ err: error }, 'operator overview read failed'),
  })
  await feed.start(database)
  // The operators' streams follow the visitors' rules and settings, counted apart from theirs.
  const streams = new EventStreams(app, eventStreamSettings(env, options.heartbeatMs))
  const runner = new CodeGenerationRunner({
    database,
    resumeEveryMs: options.resumeGenerationsEveryMs ?? 10_000,
    onError: (error, job) =>
      app.log.error({ err: error, generation: job?.id }, 'code generation failed'),
  })
  runner.start()
  app.addHook('onClose', async () => {
    await runner.stop()
    await feed.stop()
  })

  app.get(
    '/api/admin/operator',
    { schema: { response: { 200: OperatorResponseSchema } } },
    async (request) => ({ account: operatorAccountOf(request) }),
  )

  app.get(
    '/api/admin/campaigns',
    { schema: { response: { 200: CampaignsResponseSchema } } },
    async () => ({ campaigns: await readCampaigns() }),
  )

  // The template a new NFT campaign would mint or hand out, previewed in the console's form as it
  // is typed.
  app.get(
    '/api/admin/nft-template',
    {
      schema: { querystring: NftTemplateQuerySchema, response: { 200: NftTemplatePreviewSchema } },
    },
    async (request) => previewTemplate(database, chainNode, payoutAccount, request.query.nft),
  )

  app.post(
    '/api/admin/campaigns',
    {
      bodyLimit: ALLOWLIST_BODY_LIMIT_BYTES,
      schema: { body: NewCampaignRequestSchema, response: { 201: CampaignResponseSchema } },
    },
    async (request, reply) => {
      const created = await createCampaignAs(
        database,
        operatorOf(request),
        request.body,
        env.REWARD_TOKEN_CONTRACT,
        await nftOfDraft(database, chainNode, payoutAccount, request.body),
      )
      return reply.status(201).send({ campaign: await campaignOverview(database, created.slug) })
    },
  )

  // Closing and reopening: each answers with the campaign as it now stands.
  const campaignChange = {
    schema: {
      params: SlugParams,
      body: Type.Object({}),
      response: { 200: CampaignResponseSchema },
    },
  }
  app.post('/api/admin/campaigns/:slug/close', campaignChange, async (request) => {
    await closeCampaignAs(database, operatorOf(request), request.params.slug)
    return { campaign: await campaignOverview(database, request.params.slug) }
  })
  app.post('/api/admin/campaigns/:slug/reopen', campaignChange, async (request) => {
    await reopenCampaignAs(database, operatorOf(request), request.params.slug)
    return { campaign: await campaignOverview(database, request.params.slug) }
  })
  app.post(
    '/api/admin/campaigns/:slug/edit',
    {
      bodyLimit: ALLOWLIST_BODY_LIMIT_BYTES,
      schema: { ...campaignChange.schema, body: CampaignEditRequestSchema },
    },
    async (request) => {
      await editCampaignAs(database, operatorOf(request), request.params.slug, request.body)
      return { campaign: await campaignOverview(database, request.params.slug) }
    },
  )

  // The campaign's claims, as `claims export` writes them, read a page at a time as they are sent.
  app.get(
    '/api/admin/campaigns/:slug/claims.csv',
    {
      schema: {
        params: SlugParams,
        response: {
          200: streamedText(
            'text/csv',
            'account,code,status,reward,asset_id,reason,transaction_id,claimed_at,updated_at,completed_at',
          ),
        },
      },
    },
    async (request, reply) => {
      const lines = await campaignClaimsCsv(database, request.params.slug, DOWNLOAD_PAGE_SIZE)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${request.params.slug}-claims.csv`))
        .send(Readable.from(lines))
    },
  )

  app.post(
    '/api/admin/campaigns/:slug/codes',
    {
      schema: {
        params: SlugParams,
        body: GenerateCodesRequestSchema,
        response: { 202: CodeGenerationResponseSchema },
      },
    },
    async (request, reply) => {
      const job = await startGeneration(
        database,
        operatorOf(request),
        {
          slug: request.params.slug,
          count: request.body.count,
          origin: ownOrigin(request, env.PUBLIC_ORIGIN) ?? configuredOrigin(env),
        },
        runner.holder,
      )
      const generation = await findGeneration(database, job.id)
      void runner.follow(job)
      return reply.status(202).send({ generation })
    },
  )

  app.get(
    '/api/admin/generations',
    { schema: { response: { 200: CodeGenerationsResponseSchema } } },
    async () => ({ generations: await listGenerations(database) }),
  )

  app.get(
    '/api/admin/generations/:id',
    { schema: { params: GenerationParams, response: { 200: CodeGenerationResponseSchema } } },
    async (request) => ({ generation: await findGeneration(database, request.params.id) }),
  )

  // A generation's files, streamed a page of codes at a time, as often as any operator likes.
  const downloadable = async (id: string): Promise<CodeBatch & StoredGeneration> => {
    const generation = await findGeneration(database, id)
    if (generation.state === 'running') throw new AdminGenerationRunning(id)
    return { ...generation, pages: () => codesOfGeneration(database, id, DOWNLOAD_PAGE_SIZE) }
  }
  const attachment = (name: string) => `attachment; filename="${name}"`

  app.get(
    '/api/admin/generations/:id/codes.csv',
    {
      schema: {
        params: GenerationParams,
        response: {
          200: streamedText('text/csv', 'code,campaign,reward,link; one row per code'),
        },
      },
    },
    async (request, reply) => {
      const generation = await downloadable(request.params.id)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${generation.campaign}-codes.csv`))
        .send(Readable.from(codesCsv(generation)))
    },
  )

  app.get(
    '/api/admin/generations/:id/sheet.html',
    {
      schema: {
        params: GenerationParams,
        response: {
          200: streamedText('text/html', 'the printable page of labelled QR codes'),
        },
      },
    },
    async (request, reply) => {
      const generation = await downloadable(request.params.id)
      return reply
        .type('text/html; charset=utf-8')
        .header('content-disposition', attachment(`${generation.campaign}-sheet.html`))
        .send(Readable.from(printableSheet(generation)))
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
  // it (see OperatorFeed), as Server-Sent Events named `overview`. It ends with the operator's
  // session, at its expiry and whenever the session stops being an operator's.
  // Its requests are the browser's reconnects, not the operator's doing: they do not count as
  // console activity, and the stream ends once the operator is idle (see watchConsoleIdle).
  app.get('/api/admin/live', { config: { consoleActivity: false } }, async (request, reply) => {
    const stream = await openOperatorStream(request, reply, (overview, opened) =>
      opened.inTurn(() => opened.send('overview', overview)),
    )
    if (!stream) return reply
    stream.onClose(watchConsoleIdle(database, operators, request, () => stream.end()))
    await stream.inTurn(async () => stream.send('overview', await readOverview()))
  })

  // Kiosk credentials (kiosk-credentials.ts): a kiosk tablet runs on one of these, never on an
  // operator's session. The answer to an issue holds the secret, this once: no cache keeps it.
  app.post(
    '/api/admin/campaigns/:slug/kiosk-credentials',
    {
      schema: {
        params: SlugParams,
        body: IssueKioskCredentialRequestSchema,
        response: { 201: IssuedKioskCredentialResponseSchema },
      },
    },
    async (request, reply) => {
      const { credential, link } = await issueKioskCredential(database, operatorOf(request), {
        slug: request.params.slug,
        hours: request.body.hours,
        origin: ownOrigin(request, env.PUBLIC_ORIGIN) ?? configuredOrigin(env),
      })
      return reply.status(201).header('cache-control', 'no-store').send({ credential, link })
    },
  )

  app.get(
    '/api/admin/kiosk-credentials',
    { schema: { response: { 200: KioskCredentialsResponseSchema } } },
    async () => ({ credentials: await listKioskCredentials(database) }),
  )

  app.delete(
    '/api/admin/kiosk-credentials/:id',
    {
      schema: {
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await revokeKioskCredential(database, operatorOf(request), request.params.id)
      return reply.status(204).send(null)
    },
  )

  /**
   * An event stream for the operator's session, fed every fresh overview, ended with the session
   * (its expiry, a sign-out, the wallet no longer an operator's); undefined when the stream caps
   * refused it (answered already).
   */
  async function openOperatorStream(
    request: FastifyRequest,
    reply: FastifyReply,
    onOverview: (overview: AdminOverview, stream: EventStream) => unknown,
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
      onOverview: (overview) => void onOverview(overview, stream),
      onSessionChanged: (userId) => {
        if (userId === user.id) void stream.endUnlessSessionHolds()
      },
    })
    stream.onClose(unsubscribe)
    return stream
  }
}

// The body limit of the requests that carry an allowlist, a new campaign's or the one an edit
// replaces it with: 100,000 accounts are some 1.4 MB of JSON, past BODY_LIMIT_BYTES.
const ALLOWLIST_BODY_LIMIT_BYTES = 2 * 1024 * 1024
