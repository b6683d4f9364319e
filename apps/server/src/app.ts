import fastifyCookie from '@fastify/cookie'
import fastifyHelmet from '@fastify/helmet'
import fastifyRateLimit from '@fastify/rate-limit'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { PublicConfig } from '@fernwood/protocol'
import Fastify, { type FastifyPluginAsync, type FastifyServerOptions } from 'fastify'
import { sessionRoutes } from './auth/routes.ts'
import type { Environment } from './config/environment.ts'
import { publicConfigRoutes } from './config/public-config.ts'
import type { Database } from './db/database.ts'
import { healthRoutes, type ReadinessCheck } from './health/routes.ts'
import { RouteNotFound } from './http/errors.ts'
import { errorBody, installErrorHandler } from './http/errors-render.ts'
import { installSameOriginGuard } from './http/same-origin-guard.ts'
import { webAppRoutes } from './web/routes.ts'

export interface AppDependencies {
  env: Environment
  database: Database
  publicConfig: PublicConfig
  /** the embedded devchain's node API, served under /devchain */
  devchainPlugin?: FastifyPluginAsync
  readinessChecks?: ReadinessCheck[]
  logger?: FastifyServerOptions['logger']
}

/** The composition root: each capability registers its own routes, in this order. */
export async function buildApp({
  env,
  database,
  publicConfig,
  devchainPlugin,
  readinessChecks = [],
  logger = { level: env.LOG_LEVEL },
}: AppDependencies) {
  const app = Fastify({
    logger,
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    // Sign-out must not wait for an idle keep-alive socket, nor shutdown for a slow client.
    forceCloseConnections: 'idle',
  }).withTypeProvider<TypeBoxTypeProvider>()

  installErrorHandler(app)
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(errorBody('NOT_FOUND', new RouteNotFound(request.method, request.url).message))
  })

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...originOf(publicConfig.chain.apiUrl)],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  })
  await app.register(fastifyCookie)
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...errorBody('RATE_LIMITED', `Too many requests. Try again in ${context.after}.`),
    }),
  })
  installSameOriginGuard(app, env.PUBLIC_ORIGIN)

  await app.register(healthRoutes, { database, readinessChecks })
  await app.register(publicConfigRoutes, { publicConfig })
  await app.register(sessionRoutes, {
    database,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    signInsPerMinute: env.SIGN_INS_PER_MINUTE,
  })
  if (devchainPlugin) await app.register(devchainPlugin, { prefix: '/devchain' })
  await app.register(webAppRoutes, { distDirectory: env.WEB_DIST })
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>

// A chain node on another origin must be allowed explicitly for the browser's wallet kit.
function originOf(url: string): string[] {
  return /^https?:\/\//.test(url) ? [new URL(url).origin] : []
}
