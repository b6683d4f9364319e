import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { DevchainApiOptions } from '@fernwood/devchain'
import Fastify, { type FastifyPluginAsync, type FastifyServerOptions } from 'fastify'
import { kioskRoutes } from './admin/kiosk-routes.ts'
import { operatorPolicyFrom } from './admin/operators.ts'
import { adminRoutes } from './admin/routes.ts'
import { sessionRoutes } from './auth/routes.ts'
import { installSessionCookie } from './auth/session-cookie.ts'
import { welcomeClaimRoutes } from './auth/welcome-claim-routes.ts'
import { AccountHoldings, HOLDINGS_CACHE_MS } from './chain/account-holdings.ts'
import { accountOriginSourceOf } from './chain/account-origins.ts'
import type { ChainConnection } from './chain/chain-connection.ts'
import { trustedProxies } from './config/deployment.ts'
import type { Environment } from './config/environment.ts'
import { publicConfigFor, publicConfigRoutes } from './config/public-config.ts'
import type { Database } from './db/database.ts'
import type { EmbeddedService } from './dev-services/embedded-services.ts'
import { humanCheckSettingsOf } from './fairness/settings.ts'
import type { ReadinessCheck } from './health/readiness.ts'
import { healthRoutes } from './health/routes.ts'
import { compressionOptions } from './http/compression.ts'
import { contentSecurityPolicy, walletOriginsFor } from './http/content-security-policy.ts'
import { RouteNotFound } from './http/errors.ts'
import { errorBody, installErrorHandler } from './http/errors-render.ts'
import { closeConnectionsOnShutdown } from './http/graceful-close.ts'
import { installLoopbackHostGuard } from './http/host-guard.ts'
import { lazySchemaCompilers } from './http/lazy-schema-compilers.ts'
import { ownOrigin } from './http/own-origin.ts'
import { installRateLimits } from './http/rate-limit.ts'
import { installSameOriginGuard } from './http/same-origin-guard.ts'
import { installSecurityHeaders } from './http/security-headers.ts'
import { eventStreamSettings } from './http/sse.ts'
import { announceAccountBound, announceSessionEnded } from './live/publisher.ts'
import { liveRoutes } from './live/routes.ts'
import { logSetup } from './logging/logger-options.ts'
import { RequestLog } from './logging/request-log.ts'
import { installMetrics } from './metrics/routes.ts'
import { registerOpenApi } from './openapi/document.ts'
import { PARTNER_API_PREFIX, partnerApiRoutes } from './partner-api/routes.ts'
import { PayoutChainNode } from './payouts/chain-node.ts'
import { claimPreviewRoutes } from './rewards/claim-preview-routes.ts'
import { dismissRoutes } from './rewards/dismiss-routes.ts'
import { rewardRoutes } from './rewards/routes.ts'
import { submissionRulesOf } from './rewards/submission-rules.ts'
import type { AccountBoundHook } from './wallet/bind-account.ts'
import { namesFrom } from './wallet/permissions.ts'
import { walletRoutes } from './wallet/routes.ts'
import { notFoundPage, webAppRoutes } from './web/routes.ts'

/** Where the embedded devchain's node API is served to browsers. */
const DEVCHAIN_PREFIX = '/devchain'

export interface AppDependencies {
  env: Environment
  database: Database
  chain: ChainConnection
  /** the embedded devchain's node API, served to browsers under /devchain */
  devchainApi?: FastifyPluginAsync<DevchainApiOptions>
  /** development services served beside the devchain (Anchor's relay, the Dev Anchor page) */
  embeddedServices?: EmbeddedService[]
  readinessChecks?: ReadinessCheck[]
  /** run in the transaction that binds a wallet to a visitor */
  onAccountBound?: AccountBoundHook[]
  logger?: FastifyServerOptions['logger']
}

/** The composition root: each capability registers its own routes, in this order. */
export async function buildApp({
  env,
  database,
  chain,
  devchainApi,
  embeddedServices = [],
  readinessChecks = [],
  onAccountBound = [],
  logger = logSetup(env.LOG_LEVEL),
}: AppDependencies) {
  const publicConfig = publicConfigFor(env, chain.settings)
  const schemaCompilers = lazySchemaCompilers()
  const app = Fastify({
    logger,
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: trustedProxies(env.TRUST_PROXY),
    // A client must send its whole request in time: one trickling a byte at a time would
    // otherwise hold its connection (and its file descriptor) for as long as it likes.
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: env.HEADERS_TIMEOUT_MS,
      // How often Node looks for connections past those limits; its default is 30 s.
      connectionsCheckingInterval: Math.min(env.HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS) / 4,
    },
    // Sign-out must not wait for an idle keep-alive socket, nor shutdown for a slow client.
    forceCloseConnections: 'idle',
    logController: new RequestLog(),
    // Fastify's Ajv coerces by default: `{"code": 123}` would become "123" and `["a"]` "a".
    ajv: { customOptions: { coerceTypes: false } },
    schemaController: { compilersFactory: schemaCompilers.compilersFactory },
  }).withTypeProvider<TypeBoxTypeProvider>()
  // Not awaited: the server answers meanwhile, each request compiling what it needs first.
  app.addHook('onListen', async () => {
    schemaCompilers.compileTheRest().catch((error: unknown) => {
      app.log.error({ err: error }, 'a route schema does not compile')
    })
  })

  installErrorHandler(app)
  const pageNotFound = notFoundPage(env.WEB_DIST, ['/api', DEVCHAIN_PREFIX, '/metrics'])
  app.setNotFoundHandler((request, reply) => {
    if (pageNotFound?.answers(request)) return pageNotFound.send(reply)
    reply
      .status(404)
      .send(errorBody('NOT_FOUND', new RouteNotFound(request.method, request.url).message))
  })

  installSecurityHeaders(app, {
    publicOrigin: env.PUBLIC_ORIGIN,
    contentSecurityPolicy: contentSecurityPolicy({
      chainApiUrl: publicConfig.chain.apiUrl,
      https: env.PUBLIC_ORIGIN?.startsWith('https://') ?? false,
      walletOrigins: walletOriginsFor(publicConfig),
      ipfsGateway: publicConfig.ipfsGateway,
    }),
    // Helmet's default (same-origin) severs the Cloud Wallet's login popup from our page: the
    // popup loses `window.opener` and the plugin sees it as closed at once.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // WAX Cloud Wallet's popup learns which site asks for a login from the referrer's origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
  await app.register(fastifyCookie)
  installSessionCookie(app, env.PUBLIC_ORIGIN)
  await app.register(fastifyCompress, compressionOptions)
  await registerOpenApi(app)
  installRateLimits(app, database)
  installLoopbackHostGuard(app, env.PUBLIC_ORIGIN)
  installSameOriginGuard(app, env.PUBLIC_ORIGIN, [DEVCHAIN_PREFIX, PARTNER_API_PREFIX])
  closeConnectionsOnShutdown(app)
  if (env.METRICS_TOKEN) installMetrics(app, { token: env.METRICS_TOKEN, database })

  await app.register(healthRoutes, { database, readinessChecks })
  await app.register(publicConfigRoutes, { publicConfig })
  await app.register(sessionRoutes, {
    database,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    signInsPerMinute: env.SIGN_INS_PER_MINUTE,
    walletPermissions: namesFrom(env.WALLET_PERMISSIONS),
    onSessionEnded: [announceSessionEnded],
  })
  await app.register(welcomeClaimRoutes, { database })
  await app.register(walletRoutes, {
    database,
    chain: { id: chain.settings.id, client: chain.client },
    appName: env.APP_NAME,
    publicOrigin: env.PUBLIC_ORIGIN,
    allowUnverifiedWallets: env.ALLOW_UNVERIFIED_WALLETS,
    walletPermissions: namesFrom(env.WALLET_PERMISSIONS),
    attemptsPerMinute: env.WALLET_ATTEMPTS_PER_MINUTE,
    onAccountBound: [announceAccountBound, ...onAccountBound],
  })
  await app.register(rewardRoutes, {
    database,
    rules: submissionRulesOf(env),
    holdings: new AccountHoldings(chain, {
      cacheMs: HOLDINGS_CACHE_MS,
      timeoutMs: env.CHAIN_TIMEOUT_MS,
    }),
    listsPerMinute: {
      perSession: env.REWARD_LISTS_PER_MINUTE,
      perAddress: env.REWARD_LISTS_PER_MINUTE_PER_ADDRESS,
    },
    humanCheck: humanCheckSettingsOf(env),
    operatorCheck: {
      timeoutMs: env.OPERATOR_CHECK_TIMEOUT_MS,
      policy: {
        allowLoopback: env.CHAIN === 'devchain',
        allowPrivate: env.PARTNER_WEBHOOKS_PRIVATE_ADDRESSES,
      },
    },
  })
  await app.register(dismissRoutes, { database })
  await app.register(claimPreviewRoutes, {
    database,
    perAddressPerMinute: env.CLAIM_PREVIEWS_PER_MINUTE_PER_ADDRESS,
    lockout: submissionRulesOf(env).lockout,
  })
  await app.register(liveRoutes, { database, caps: eventStreamSettings(env).caps })
  await app.register(adminRoutes, {
    database,
    env,
    chainNode: new PayoutChainNode(chain, env.CHAIN_TIMEOUT_MS),
    accountOrigins: await accountOriginSourceOf(env, async () => chain),
    operators: operatorPolicyFrom(env, [announceSessionEnded]),
  })
  await app.register(kioskRoutes, { database, env })
  await app.register(partnerApiRoutes, {
    database,
    holdings: new AccountHoldings(chain, {
      cacheMs: HOLDINGS_CACHE_MS,
      timeoutMs: env.CHAIN_TIMEOUT_MS,
    }),
    requestsPerMinute: env.PARTNER_API_REQUESTS_PER_MINUTE,
    idempotencyKeyDays: env.IDEMPOTENCY_KEY_DAYS,
    idempotencyLeaseSeconds: env.IDEMPOTENCY_LEASE_SECONDS,
    origin: env,
  })
  if (devchainApi) {
    await app.register(devchainApi, {
      prefix: DEVCHAIN_PREFIX,
      // Our own pages (the Dev Wallet) push transactions; no other site's may.
      acceptsWritesFrom: (origin, request) => origin === ownOrigin(request, env.PUBLIC_ORIGIN),
    })
  }
  for (const service of embeddedServices) {
    await app.register(service.plugin, { prefix: service.prefix })
  }
  await app.register(webAppRoutes, { distDirectory: env.WEB_DIST })
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
