import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { AdminOverview } from '@fernwood/protocol/admin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { listKioskCredentials } from '../campaigns/kiosk-credentials.ts'
import { listCampaignOverview } from '../campaigns/overview.ts'
import type { AccountOriginSource } from '../chain/account-origins.ts'
import type { Environment } from '../config/environment.ts'
import type { Database } from '../db/database.ts'
import { configuredOrigin, ownOrigin } from '../http/own-origin.ts'
import type { PayoutChainNode } from '../payouts/chain-node.ts'
import { payoutAccountFrom } from '../payouts/settings.ts'
import { listGenerations } from './code-generations.ts'
import { CodeGenerationRunner } from './generation-runner.ts'
import { nftStockReader } from './nft-supply.ts'
import { closedAs, type Operation, type OperationContext } from './operation.ts'
import { operations, pathParameters } from './operation-table.ts'
import { consoleOperator, payoutsOverview } from './operations.ts'
import { registerOperatorStream } from './operator-stream.ts'
import { type OperatorPolicy, operatorAccountOf, requireOperator } from './operators.ts'

/** How long the overview reuses the chain's answer about an NFT campaign's supply or pool. */
const NFT_STOCK_KEEP_MS = 2_000
// A reward processing or confirming longer than this shows as stuck (the CLI's default too).
const STUCK_MINUTES = 10

export interface AdminRoutesOptions {
  database: Database
  env: Environment
  /** where the payout account's balance is read */
  chainNode: PayoutChainNode
  /** where the farm report reads claimants' origins; null without a history source */
  accountOrigins: AccountOriginSource | null
  /** who may use the console: ADMIN_ACCOUNTS, WALLET_PERMISSIONS, ADMIN_IDLE_MINUTES */
  operators: OperatorPolicy
  /** how often a watched overview is read again without a change announcing it */
  refreshMs?: number
  /** comment lines that keep proxies from closing an idle stream */
  heartbeatMs?: number
  /** how often this server looks for code generations whose process died, to resume them */
  resumeGenerationsEveryMs?: number
}

/**
 * `/api/admin/*`, the operator console's API: the operations of the table (operation-table.ts)
 * over HTTP, granted only to a session whose verified wallet is listed in ADMIN_ACCOUNTS, each
 * change audited with the operator's account. The operator is checked first, on request, before
 * a body is parsed or validated: no one else learns anything from these routes, not even what a
 * body should hold. `GET /api/admin/live` streams the overview; code generations are jobs this
 * server runs, and resumes when the process that ran one died.
 */
export const adminRoutes: FastifyPluginAsyncTypebox<AdminRoutesOptions> = async (app, options) => {
  const { database, env, chainNode, operators } = options
  app.decorateRequest('operatorAccount', null)
  app.addHook('onRequest', requireOperator(database, operators))

  const withNftStock = nftStockReader({
    db: database,
    node: chainNode,
    payoutAccount: payoutAccountFrom(env).account,
    keepMs: NFT_STOCK_KEEP_MS,
  })
  const generations = new CodeGenerationRunner({
    database,
    resumeEveryMs: options.resumeGenerationsEveryMs ?? 10_000,
    onError: (error, job) =>
      app.log.error({ err: error, generation: job?.id }, 'code generation failed'),
  })
  generations.start()
  app.addHook('onClose', () => generations.stop())

  const contextOf = (request: FastifyRequest): OperationContext => ({
    database,
    env,
    operator: consoleOperator(operatorAccountOf(request)),
    origin: ownOrigin(request, env.PUBLIC_ORIGIN) ?? configuredOrigin(env),
    chainNode: async () => chainNode,
    generations,
    withNftStock,
    transferHistory: () => Promise.reject(new Error('reconciliation is the CLI’s')),
    accountOrigins: async () => options.accountOrigins,
  })
  for (const operation of operations) registerOperation(app, operation, contextOf)

  await registerOperatorStream(app, {
    ...options,
    readOverview: async (): Promise<AdminOverview> => {
      const [campaigns, payouts, generationList, kioskCredentials] = await Promise.all([
        listCampaignOverview(database).then(withNftStock),
        payoutsOverview(database, env, chainNode, STUCK_MINUTES),
        listGenerations(database),
        listKioskCredentials(database),
      ])
      return { campaigns, payouts, generations: generationList, kioskCredentials }
    },
  })
}

/**
 * The route of `operation`, if it has one: its path's parameters and the rest of its input (the
 * body of a POST, the query of a GET) validated by its input schema, its run's result the answer.
 */
function registerOperation(
  app: FastifyInstance,
  operation: Operation,
  contextOf: (request: FastifyRequest) => OperationContext,
) {
  const { http, input, run } = operation
  if (!http) return
  const [method, path] = http.route.split(' ') as ['GET' | 'POST' | 'DELETE', string]
  const inPath = pathParameters(path)
  const rest = Type.Omit(input, inPath, closedAs(input))
  const status = http.status ?? 200
  app.route({
    method,
    url: path,
    ...(http.bodyLimit && { bodyLimit: http.bodyLimit }),
    schema: {
      operationId: operation.name,
      ...(inPath.length > 0 && { params: Type.Pick(input, inPath) }),
      ...(method === 'POST' && { body: rest }),
      ...(method === 'GET' && Object.keys(rest.properties).length > 0 && { querystring: rest }),
      response: { [status]: http.response },
    },
    handler: async (request, reply) => {
      const given = method === 'GET' ? request.query : request.body
      const result = await run(contextOf(request), {
        ...(given as object),
        ...(request.params as object),
      })
      return http.send ? http.send(result, reply) : reply.status(status).send(result ?? null)
    },
  })
}
