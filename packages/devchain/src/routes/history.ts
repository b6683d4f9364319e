import type { FastifyInstance } from 'fastify'
import type { ChainState } from '../chain-state'
import { nodeErrors } from '../errors'
import { formatTimePoint } from '../time'
import { renderActionTraces } from '../transactions'

/**
 * The history plugin's get_transaction: how payout reconciliation learns whether a signed
 * transaction made it into a block.
 */
export function registerHistoryRoutes(app: FastifyInstance, state: ChainState): void {
  app.post<{ Body: { id: string; block_num_hint?: number; traces?: boolean } }>(
    '/v1/history/get_transaction',
    {
      config: { nodeBody: 'required' },
      schema: {
        body: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'string', pattern: '^[0-9a-fA-F]{8,64}$' },
            block_num_hint: { type: 'integer', minimum: 0 },
            traces: { type: 'boolean' },
          },
        },
      },
    },
    async (request) => {
      const wanted = request.body.id.toLowerCase()
      // Like the history plugin, a prefix of the id is enough.
      const executed =
        state.transactions.get(wanted) ??
        [...state.transactions.values()].find((candidate) => candidate.id.startsWith(wanted))
      if (!executed) throw nodeErrors.transactionNotFound(wanted, request.body.block_num_hint)
      return {
        id: executed.id,
        trx: {
          receipt: {
            ...executed.receipt,
            trx: [1, executed.packed],
          },
          trx: {
            ...executed.transaction,
            signatures: executed.packed.signatures,
            context_free_data: [],
          },
        },
        block_time: formatTimePoint(executed.blockTimeMs),
        block_num: executed.blockNum,
        last_irreversible_block: state.blocks.lastIrreversible.num,
        ...(request.body.traces === false ? {} : { traces: renderActionTraces(executed) }),
      }
    },
  )
}
