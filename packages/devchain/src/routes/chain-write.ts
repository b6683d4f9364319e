import type { FastifyInstance } from 'fastify'
import type { ChainState } from '../chain-state'
import { NodeError } from '../errors'
import {
  decodeTransaction,
  executeTransaction,
  isPreExecutionError,
  type PackedTransactionBody,
  renderFailureTrace,
  renderPushResponse,
} from '../transactions'

const packedTransactionSchema = {
  type: 'object',
  required: ['packed_trx'],
  properties: {
    signatures: { type: 'array', items: { type: 'string' }, default: [] },
    compression: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
    packed_context_free_data: { type: 'string' },
    packed_trx: { type: 'string', pattern: '^([0-9a-fA-F]{2})*$' },
  },
} as const

/** push_transaction and send_transaction answer 202 Accepted with the trace, as nodeos does. */
const ACCEPTED = 202

export function registerChainWriteRoutes(app: FastifyInstance, state: ChainState): void {
  for (const url of ['/v1/chain/push_transaction', '/v1/chain/send_transaction']) {
    app.post<{ Body: PackedTransactionBody }>(
      url,
      {
        config: { nodeBody: 'required', nodeWrite: true },
        schema: { body: packedTransactionSchema },
      },
      async (request, reply) => {
        const executed = executeTransaction(state, decodeTransaction(request.body))
        return reply.code(ACCEPTED).send(renderPushResponse(executed))
      },
    )
  }

  app.post<{ Body: { return_failure_trace?: boolean; transaction: PackedTransactionBody } }>(
    '/v1/chain/send_transaction2',
    {
      config: { nodeBody: 'required', nodeWrite: true },
      schema: {
        body: {
          type: 'object',
          required: ['transaction'],
          properties: {
            return_failure_trace: { type: 'boolean' },
            retry_trx: { type: 'boolean' },
            retry_trx_num_blocks: { type: 'integer' },
            transaction: packedTransactionSchema,
          },
        },
      },
    },
    async (request, reply) => {
      const decoded = decodeTransaction(request.body.transaction)
      try {
        return reply.code(ACCEPTED).send(renderPushResponse(executeTransaction(state, decoded)))
      } catch (error) {
        // With return_failure_trace (the default), a transaction that fails while executing
        // comes back as its failure trace rather than as an HTTP error.
        const traced =
          error instanceof NodeError &&
          !isPreExecutionError(error) &&
          request.body.return_failure_trace !== false
        if (!traced) throw error
        return reply.code(ACCEPTED).send(renderFailureTrace(state, decoded.id, error))
      }
    },
  )
}
