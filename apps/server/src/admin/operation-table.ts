import { OperatorResponseSchema } from '@fernwood/protocol/admin'
import { type TSchema, Type } from 'typebox'
import { Value } from 'typebox/value'
import { campaignOperations } from './campaign-operations.ts'
import { codeOperations } from './code-operations.ts'
import { kioskOperations } from './kiosk-operations.ts'
import { defineOperation, type Operation } from './operation.ts'
import { operatorAccountIn } from './operations.ts'
import { OPERATOR_REFUSALS } from './operators.ts'
import { partnerOperations } from './partner-operations.ts'
import { payoutOperations } from './payout-operations.ts'
import { reviewOperations } from './review-operations.ts'

const readOperator = defineOperation({
  name: 'readOperator',
  input: Type.Object({}),
  run: async ({ operator }) => ({ account: operatorAccountIn(operator) ?? '' }),
  http: { route: 'GET /api/admin/operator', response: OperatorResponseSchema },
})

/**
 * Every operator operation, each declared once: the console's API (routes.ts), the CLI's
 * commands and usage, in this order (commands.ts), and the OpenAPI document's refusals of each
 * route (`documentedErrors`) are built from this table.
 */
export const operations: readonly Operation[] = [
  ...campaignOperations,
  ...reviewOperations,
  ...codeOperations,
  ...kioskOperations,
  ...payoutOperations,
  ...partnerOperations,
  readOperator,
]

/** The names of a route's path parameters: `:slug` is `slug`. */
export const pathParameters = (path: string) =>
  [...path.matchAll(/:(\w+)/g)].map(([, name]) => name)

/**
 * The error codes an operation's route answers with (beyond those every route shares): the
 * operator check's, a request its schema refuses (a body that is not its object, a query or a
 * path parameter that is not its kind), and the operation's own refusals.
 */
export function documentedErrors({ input, errors = [], http }: Operation): string[] {
  const inPath = http ? pathParameters(http.route) : []
  const validated =
    http?.route.startsWith('POST ') ||
    Object.entries(input.properties as Record<string, TSchema>).some(
      ([property, schema]) => !inPath.includes(property) || !Value.Check(schema, 'text'),
    )
  return [
    ...OPERATOR_REFUSALS,
    ...(validated ? ['INVALID_REQUEST'] : []),
    ...errors.map((Refusal) => new Refusal().code),
  ]
}

/** Each route's documented errors, by 'METHOD /path' (openapi/route-errors.ts). */
export const operationRouteErrors = (): Record<string, string[]> =>
  Object.fromEntries(
    operations.flatMap((operation) =>
      operation.http ? [[operation.http.route, documentedErrors(operation)]] : [],
    ),
  )
